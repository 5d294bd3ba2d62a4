/**
 * Secret environment values in the settings (Settings → Agents → Environment, a preset's
 * environment) are write-only for clients: the board sends them masked, and a masked value sent back
 * means "keep the one saved". The renderer (and a browser tab, a pane's own scoped client) never
 * holds the secret itself; the daemon applies it at launch from the file. Which names are secret:
 * `looksSecret`, the same list the workspace never saves.
 */
import { looksSecret, MASK } from './secrets'
import type { Settings } from './settings'

type Env = Readonly<Record<string, string>>

function maskEnv(env: Env): Record<string, string> {
  return Object.fromEntries(Object.entries(env).map(([name, value]) => [name, looksSecret(name) && value ? MASK : value]))
}

/** The settings as a client sees them: every secret-named value replaced by the mask. */
export function maskSettings(settings: Settings): Settings {
  return {
    ...settings,
    agents: Object.fromEntries(Object.entries(settings.agents).map(([id, a]) => [id, { ...a, env: maskEnv(a.env) }])),
    presets: settings.presets.map((p) => ({ ...p, env: maskEnv(p.env) })),
  }
}

/** A masked value with no saved value behind it (its agent, preset or name is new): what to tell the user. */
export interface HiddenValueMissing {
  readonly where: string
  readonly name: string
}

export type Unmasked = { readonly ok: true; readonly settings: Settings } | { readonly ok: false; readonly missing: HiddenValueMissing }

function own<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined
}

function unmaskEnv(env: Env, saved: Env | undefined, where: string): { env: Record<string, string> } | { missing: HiddenValueMissing } {
  const out: Record<string, string> = {}
  for (const [name, value] of Object.entries(env)) {
    if (value !== MASK || !looksSecret(name)) {
      out[name] = value
      continue
    }
    const kept = saved && own(saved, name)
    if (kept === undefined) return { missing: { where, name } }
    out[name] = kept
  }
  return { env: out }
}

/**
 * The settings a client sent, with each masked secret value put back from `saved` (the same agent's
 * or the same-named preset's variable of that name). A value typed anew replaces the saved one.
 */
export function unmaskSettings(next: Settings, saved: Settings): Unmasked {
  const agents: Record<string, Settings['agents'][string]> = {}
  for (const [id, a] of Object.entries(next.agents)) {
    const r = unmaskEnv(a.env, own(saved.agents, id)?.env, `agent ${id}`)
    if ('missing' in r) return { ok: false, missing: r.missing }
    agents[id] = { ...a, env: r.env }
  }
  const presets: Settings['presets'] = []
  for (const p of next.presets) {
    const r = unmaskEnv(p.env, saved.presets.find((s) => s.name === p.name)?.env, `preset "${p.name}"`)
    if ('missing' in r) return { ok: false, missing: r.missing }
    presets.push({ ...p, env: r.env })
  }
  return { ok: true, settings: { ...next, agents, presets } }
}
