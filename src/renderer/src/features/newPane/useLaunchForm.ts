import { useEffect, useRef, useState } from 'react'
import { planAgentLaunch } from '../../../../core/launch/launchPlan'
import { agentSettings } from '../../../../shared/domain/settings'
import { BoardError } from '../../../../shared/ipc/errors'
import { useBoardApi } from '../../ipc/BoardApiContext'
import { splitArgs } from '../../lib/splitArgs'
import { useSettingsStore } from '../../store/settingsStore'
import { createPane } from '../panes/paneActions'
import { buildLaunchRequest, EMPTY_FORM, presetFromForm, type FormField, type LaunchForm, type PaneKind } from './launchRequest'

export type FormProblem = { readonly message: string; readonly missingAgent: boolean }

/**
 * The new-pane form's state and actions: what it holds, what main will run for it, starting the
 * pane (an error goes back to the field it is about) and saving it as a preset (then chosen).
 */
export function useLaunchForm(initialKind: PaneKind, onDone: () => void) {
  const api = useBoardApi()
  const settings = useSettingsStore((s) => s.settings)
  const agents = useSettingsStore((s) => s.agents)
  const loadSettings = useSettingsStore((s) => s.load)
  const saveSettings = useSettingsStore((s) => s.save)
  // An agent folder added since the board was last asked shows up when the form opens.
  useEffect(() => void loadSettings(api), [api, loadSettings])
  const [form, setForm] = useState<LaunchForm>({
    kind: initialKind,
    ...EMPTY_FORM,
    agent: agents.some((a) => a.id === 'claude') ? 'claude' : (agents[0]?.id ?? 'claude'),
  })
  const [error, setError] = useState<FormProblem | null>(null)
  const [busy, setBusy] = useState(false)
  const [saved, setSaved] = useState<string | null>(null)
  const refs = {
    command: useRef<HTMLInputElement>(null),
    args: useRef<HTMLInputElement>(null),
    env: useRef<HTMLDivElement>(null),
    cwd: useRef<HTMLInputElement>(null),
    branch: useRef<HTMLInputElement>(null),
    host: useRef<HTMLInputElement>(null),
  }
  const preset = settings.presets.find((p) => p.name === form.preset)
  const agent = preset?.agent ?? form.agent
  const extraArgs = splitArgs(form.args)
  // What main will run, from the same settings and the same rule (display only: main decides).
  const info = agents.find((a) => a.id === agent)
  const plan = planAgentLaunch(info ?? { id: agent, command: [agent] }, agentSettings(settings, agent), preset, { args: extraArgs.ok ? extraArgs.argv : [] })

  const set = (patch: Partial<LaunchForm>) => {
    setForm((f) => ({ ...f, ...patch }))
    // What the error was about may be gone now.
    if (patch.kind !== undefined || patch.agent !== undefined || patch.preset !== undefined) setError(null)
  }

  function fail(message: string, field: FormField, missingAgent = false) {
    setError({ message, missingAgent })
    setBusy(false)
    const el = field === 'base' ? refs.branch : refs[field]
    // Back to the field to fix (the disabled submit button dropped the focus).
    requestAnimationFrame(() => {
      const target = el.current?.matches('input, select, textarea') ? el.current : el.current?.querySelector<HTMLElement>('input')
      ;(target ?? refs.cwd.current)?.focus()
    })
  }

  async function submit() {
    if (busy) return
    const built = buildLaunchRequest(form)
    if (!built.ok) return fail(built.error, built.field)
    setBusy(true)
    setError(null)
    try {
      await createPane(api, built.value)
      onDone()
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err)
      const code = err instanceof BoardError ? err.code : null
      // A launch on another machine fails first at reaching it (ssh's own words): back to that field.
      const field: FormField =
        built.value.host && code === 'spawn-failed'
          ? 'host'
          : /working directory|git repository/i.test(message)
            ? 'cwd'
            : code === 'git-failed' || /branch/i.test(message)
              ? 'branch'
              : form.kind === 'agent'
                ? 'args'
                : 'command'
      fail(message, field, code === 'agent-missing')
    }
  }

  function choosePreset(name: string, extra: Partial<LaunchForm> = {}) {
    const chosen = settings.presets.find((p) => p.name === name)
    // The preset's own arguments and environment apply in main; the fields add to them.
    set({ preset: name, ...(chosen ? { agent: chosen.agent, worktree: chosen.worktree, setup: chosen.setup.join('\n'), host: chosen.host } : {}), ...extra })
  }

  async function savePreset(name: string) {
    const built = presetFromForm({ ...form, agent }, name)
    if (!built.ok) return fail(built.error, built.field)
    if (!built.value.name) return setError({ message: 'Preset: give it a name, e.g. "claude, plan mode"', missingAgent: false })
    try {
      const snapshot = await saveSettings(api, { ...settings, presets: [...settings.presets.filter((p) => p.name !== built.value.name), built.value] })
      setSaved(built.value.name)
      setError(null)
      // The preset just saved is the one chosen: its arguments and environment are in it now.
      const chosen = snapshot.settings.presets.find((p) => p.name === built.value.name)
      if (chosen)
        setForm((f) => ({
          ...f,
          preset: chosen.name,
          agent: chosen.agent,
          args: '',
          env: {},
          envError: null,
          worktree: chosen.worktree,
          setup: chosen.setup.join('\n'),
          host: chosen.host,
        }))
    } catch (err) {
      setError({ message: `Could not save the preset: ${err instanceof Error ? err.message : String(err)}`, missingAgent: false })
    }
  }

  return { form, set, error, busy, saved, refs, preset, agent, agents, plan, settings, submit, choosePreset, savePreset }
}
