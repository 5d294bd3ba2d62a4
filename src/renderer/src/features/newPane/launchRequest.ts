import { checkBranchName } from '../../../../core/worktree/branchName'
import { displayEnvEntry } from '../../../../shared/domain/secrets'
import type { LaunchPreset } from '../../../../shared/domain/settings'
import { sshDestinationSchema, type CreatePaneRequest } from '../../../../shared/ipc/contract'
import { splitArgs } from '../../lib/splitArgs'

export type PaneKind = 'shell' | 'agent' | 'command'

/** What the new-pane form holds, as typed. */
export interface LaunchForm {
  readonly kind: PaneKind
  /** A preset's name, '' for none (agent kind only). */
  readonly preset: string
  /** The agent's id (an agent folder: shipped or the user's own). */
  readonly agent: string
  readonly args: string
  /** The launch's own variables (edited as rows), after the agent's and the preset's. */
  readonly env: Readonly<Record<string, string>>
  /** What is wrong with the rows as typed, if anything. */
  readonly envError: string | null
  readonly command: string
  readonly cwd: string
  readonly worktree: boolean
  readonly branch: string
  readonly base: string
  /** Setup commands, one a line (saved with a preset; run in a new worktree). */
  readonly setup: string
  /** Another machine to run on (an ssh destination); '' for this one. */
  readonly host: string
}

/** A form with nothing filled in (the agent field says claude until the form knows the agents). */
export const EMPTY_FORM: Omit<LaunchForm, 'kind'> = {
  preset: '',
  agent: 'claude',
  args: '',
  env: {},
  envError: null,
  command: '',
  cwd: '',
  worktree: false,
  branch: '',
  base: '',
  setup: '',
  host: '',
}

export type FormField = 'command' | 'args' | 'env' | 'cwd' | 'branch' | 'base' | 'host'
export type Built<T> = { ok: true; value: T } | { ok: false; error: string; field: FormField }

/**
 * The request the form sends: for an agent only its kind (or preset) and the launch's own
 * arguments and environment — main takes the executable and defaults from the settings.
 */
export function buildLaunchRequest(form: LaunchForm): Built<Omit<CreatePaneRequest, 'cols' | 'rows'>> {
  if (form.envError) return { ok: false, error: `Environment: ${form.envError}`, field: 'env' }
  const request: { -readonly [K in keyof CreatePaneRequest]: CreatePaneRequest[K] } = {}
  if (Object.keys(form.env).length) request.env = { ...form.env }
  if (form.cwd.trim()) request.cwd = form.cwd.trim()
  const host = form.host.trim()
  if (host) {
    const destination = sshDestinationSchema.safeParse(host)
    if (!destination.success) return { ok: false, error: `Machine: ${destination.error.issues[0]?.message ?? 'not an ssh destination'}`, field: 'host' }
    // Also with a preset: main sends the preset's agent, arguments and environment there.
    request.host = host
  }
  if (form.kind === 'command') {
    const split = splitArgs(form.command)
    if (!split.ok) return { ok: false, error: `Command: ${split.error}`, field: 'command' }
    if (split.argv.length === 0) return { ok: false, error: 'Command: type the program to run, e.g. claude or npm test', field: 'command' }
    if (split.shellSyntax) {
      const op = split.shellSyntax
      return {
        ok: false,
        error: `Command: ${op} is shell syntax, and this field is not a shell (it runs the program directly). Pick Shell and type the line there, or quote the ${op} to pass it as an argument.`,
        field: 'command',
      }
    }
    request.command = split.argv
  } else if (form.kind === 'agent') {
    const args = splitArgs(form.args)
    if (!args.ok) return { ok: false, error: `Arguments: ${args.error}`, field: 'args' }
    if (form.preset) request.preset = form.preset
    else request.agent = form.agent
    if (args.argv.length) request.args = args.argv
  }
  if (form.worktree) {
    const name = checkBranchName(form.branch.trim())
    if (!name.ok) return { ok: false, error: `Branch: ${name.error}`, field: 'branch' }
    request.worktree = form.base.trim() ? { branch: form.branch.trim(), base: form.base.trim() } : { branch: form.branch.trim() }
    // A preset brings its own setup commands (main runs them); typed ones run too.
    const setup = form.preset ? [] : setupLines(form.setup)
    if (setup.length) request.setup = setup
  }
  return { ok: true, value: request }
}

/** The form as a preset to save under `name`. */
export function presetFromForm(form: LaunchForm, name: string): Built<LaunchPreset> {
  const args = splitArgs(form.args)
  if (!args.ok) return { ok: false, error: `Arguments: ${args.error}`, field: 'args' }
  if (form.envError) return { ok: false, error: `Environment: ${form.envError}`, field: 'env' }
  const setup = setupLines(form.setup)
  const host = form.host.trim()
  if (host && !sshDestinationSchema.safeParse(host).success)
    return { ok: false, error: 'Machine: an ssh destination is a host name or alias, optionally user@ before it', field: 'host' }
  return {
    ok: true,
    value: { name: name.trim(), agent: form.agent, args: args.argv, env: { ...form.env }, cwd: form.cwd.trim(), setup, worktree: form.worktree, host },
  }
}

/** The variables a launch gets before its own, as a line to read: secret values masked. */
export function describeEnv(env: Readonly<Record<string, string>>): string {
  return Object.entries(env)
    .map(([k, v]) => displayEnvEntry(k, v))
    .join(' · ')
}

function setupLines(text: string): string[] {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
}
