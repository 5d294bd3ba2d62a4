import type { LaunchContext, PreparedLaunch } from '../../../src/core/agents/agentCode'
import { overlayGeminiHome } from './geminiHome'

/**
 * Gemini CLI's reporting (verified on 0.61.0, see test/agents/gemini/README.md and test/fixtures/gemini).
 * Reporting is an extension of ours with command hooks, loaded for this launch only through a
 * per-launch GEMINI_CLI_HOME whose `.gemini` links to the user's own (geminiHome.ts): their
 * settings, hooks, extensions, sessions and trust stay theirs and keep working.
 */

/** The extension's name (its folder, and what `-e` names). */
export const GEMINI_EXTENSION = 'switchboard'

interface HookSpec {
  readonly event: string
  readonly matcher?: string
  /** Only reported while a dialog is open (costs one `test -e` otherwise). */
  readonly gated: boolean
}

/**
 * Gemini awaits every hook before it goes on (a Notification hook delays its dialog by the hook's
 * run time), so only what the board reads is injected: not BeforeModel, AfterModel,
 * BeforeToolSelection (per model call), BeforeTool (before every tool, approved or not),
 * PreCompress (before every model call, trigger "auto") or SessionEnd (0.61 runs it three times
 * on /quit, after its goodbye box, which the screen rules read, and before the process exits).
 */
const HOOKS: readonly HookSpec[] = [
  { event: 'SessionStart', gated: false },
  { event: 'BeforeAgent', gated: false },
  // ToolPermission: the permission box and ask_user's questions, before either is drawn.
  { event: 'Notification', gated: false },
  // Every tool call; it only matters as "the dialog was answered yes" (the tool has run).
  { event: 'AfterTool', matcher: '*', gated: true },
  { event: 'AfterAgent', gated: false },
]

export const enum GeminiConstants {
  /**
   * Milliseconds Gemini waits for one hook (its default is 60 s). The reporter gives up 1.8 s
   * after it starts; at a load average of 15 on two cores starting it took over 3 s, and a hook
   * Gemini times out prints "Hook(s) [switchboard] failed" into the transcript.
   */
  HookTimeoutMs = 10_000,
}

/**
 * The extension's files: a manifest, its install metadata (a local folder, so an
 * `allowedExtensions` policy skips it instead of failing the load) and hooks.json. Each hook
 * carries the report variables itself: Gemini may strip the environment it runs hooks with
 * (security.environmentVariableRedaction drops every name with TOKEN in it; GITHUB_SHA drops all).
 */
export function geminiExtensionFiles(
  extensionDir: string,
  reporterCommand: (gated: boolean) => string,
  reportEnv: Readonly<Record<string, string>>,
): Record<string, string> {
  const hooks: Record<string, unknown[]> = {}
  for (const spec of HOOKS) {
    const hook = { name: GEMINI_EXTENSION, type: 'command', command: reporterCommand(spec.gated), timeout: GeminiConstants.HookTimeoutMs, env: reportEnv }
    hooks[spec.event] = [{ ...(spec.matcher ? { matcher: spec.matcher } : {}), hooks: [hook] }]
  }
  return {
    'gemini-extension.json': JSON.stringify(
      { name: GEMINI_EXTENSION, version: '1.0.0', description: 'Switchboard: reports this session to the board (this launch only)' },
      null,
      2,
    ),
    '.gemini-extension-install.json': JSON.stringify({ source: extensionDir, type: 'local' }, null, 2),
    'hooks/hooks.json': JSON.stringify({ hooks }, null, 2),
  }
}

/** `-e`/`--extensions` among the user's arguments: they chose the extensions, so ours must be named too. */
export function namesExtensions(args: readonly string[]): boolean {
  return args.some((a) => a === '-e' || a === '--extensions' || a.startsWith('--extensions=') || /^-e\S/.test(a))
}

/** The token goes in a file and AfterTool is gated: agent.toml's `[launch]` says so. */
export function prepareLaunch(ctx: LaunchContext): PreparedLaunch {
  const home = overlayGeminiHome({
    dir: ctx.dir,
    env: ctx.env,
    extension: { name: GEMINI_EXTENSION, files: (dir) => geminiExtensionFiles(dir, ctx.reporterCommand, ctx.reportEnv) },
  })
  // `--extensions=<name>` takes one value: the `-e <name>` form would also take a prompt after it.
  const ours = namesExtensions(ctx.userArgs) ? [`--extensions=${GEMINI_EXTENSION}`] : []
  return { argv: [ctx.executable, ...ours, ...ctx.userArgs], env: home.env, dispose: () => home.adopt() }
}
