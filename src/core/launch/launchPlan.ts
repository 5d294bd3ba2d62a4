/**
 * Which command line a launch by agent kind runs: the user's settings for that agent (executable,
 * default arguments, environment), then a preset's, then the launch's own. Pure: main finds the
 * executable on PATH and spawns; the UI and the CLI only name the agent.
 */

export interface AgentLaunchSettings {
  /** Empty: the agent's own name, found on PATH. */
  readonly executable: string
  readonly args: readonly string[]
  readonly env: Readonly<Record<string, string>>
}

export interface LaunchLayer {
  readonly args?: readonly string[]
  readonly env?: Readonly<Record<string, string>>
}

/** The agent as its folder names it: its id and the command it runs by default. */
export interface LaunchAgent {
  readonly id: string
  readonly command: readonly string[]
}

export interface LaunchPlan {
  readonly agent: string
  /** What to look for: a path (contains "/") or a name on PATH. */
  readonly executable: string
  /** True when the executable came from the settings rather than the agent's name. */
  readonly fromSettings: boolean
  readonly args: readonly string[]
  readonly env: Readonly<Record<string, string>>
}

/**
 * The settings' executable replaces the command's first word (an agent whose command is
 * `["python3", "tool.py"]` keeps `tool.py`); the settings' arguments come after the command's.
 */
export function planAgentLaunch(agent: LaunchAgent, settings: AgentLaunchSettings, ...layers: readonly (LaunchLayer | undefined)[]): LaunchPlan {
  const executable = settings.executable.trim()
  const [own = agent.id, ...ownArgs] = agent.command
  let args = [...ownArgs, ...settings.args]
  let env = { ...settings.env }
  for (const layer of layers) {
    if (!layer) continue
    args = [...args, ...(layer.args ?? [])]
    env = { ...env, ...(layer.env ?? {}) }
  }
  return { agent: agent.id, executable: executable || own, fromSettings: executable !== '', args, env }
}

/** Where the user sets an agent's executable, named the way the UI shows it. */
export function executableSettingName(agent: string): string {
  return `Settings → Agents → ${agent} → Executable`
}

/** The error for an executable that is not there: what was looked for, where, and which setting to change. */
export function missingExecutableMessage(plan: Pick<LaunchPlan, 'agent' | 'executable' | 'fromSettings'>, searched: readonly string[]): string {
  const what = plan.fromSettings
    ? `${plan.agent}: the executable ${plan.executable} (from settings) does not exist or is not executable`
    : `${plan.agent}: no executable named ${plan.executable} on PATH (looked in ${searched.length ? searched.join(':') : 'an empty PATH'})`
  return `${what}. Install it, or set its path in ${executableSettingName(plan.agent)}.`
}

export type EnvParse = { ok: true; env: Record<string, string> } | { ok: false; error: string }

/** `NAME=VALUE` entries (the CLI's `--env`, the form's lines); the value may hold `=`. Blank lines are skipped. */
export function parseEnvEntries(entries: readonly string[]): EnvParse {
  const env: Record<string, string> = {}
  for (const raw of entries) {
    const entry = raw.replace(/\r$/, '')
    if (entry.trim() === '') continue
    const eq = entry.indexOf('=')
    const name = eq < 0 ? entry : entry.slice(0, eq)
    if (eq < 1 || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) {
      return { ok: false, error: `${JSON.stringify(entry)} is not NAME=VALUE (names are letters, digits and _, not starting with a digit)` }
    }
    env[name] = entry.slice(eq + 1)
  }
  return { ok: true, env }
}
