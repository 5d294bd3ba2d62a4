import { AGENT_NAMES, isAgentName, type AgentName } from '../../shared/domain/agents'
import { AGENTS } from '../agents/registry'
import { programName } from './shells'

/** Launchers that run an agent's script: the agent is named by the script, not the launcher. */
const LAUNCHERS = new Set(['node', 'nodejs', 'bun', 'deno', 'npx', 'npm', 'pnpm', 'yarn', 'env', 'electron'])
/** Python runs Hermes' entry script: the foreground process of `hermes` is `…/bin/python …/bin/hermes`. */
const PYTHON = /^python(?:\d+(?:\.\d+)?)?$/

function isLauncher(program: string): boolean {
  return LAUNCHERS.has(program) || PYTHON.test(program)
}

/** Package paths that identify an agent's script when it runs through a launcher (each agent's `packageHints`). */
const PACKAGE_HINTS: readonly (readonly [RegExp, AgentName])[] = AGENT_NAMES.flatMap((name) => AGENTS[name].packageHints.map((hint) => [hint, name] as const))

function byName(arg: string): AgentName | null {
  const name = programName(arg)
  return isAgentName(name) ? name : null
}

/**
 * Which agent an argv runs: by program name (`claude`, `/usr/local/bin/codex`), or through a
 * launcher (`node …/@anthropic-ai/claude-code/cli.js`, `npx opencode-ai`, `python3 …/bin/hermes`). Null
 * for anything else.
 */
export function recognizeAgent(argv: readonly string[]): AgentName | null {
  const [first, ...rest] = argv
  if (first === undefined) return null
  const direct = byName(first)
  if (direct) return direct
  for (const [pattern, agent] of PACKAGE_HINTS) if (pattern.test(first)) return agent
  if (!isLauncher(programName(first))) return null
  for (const arg of rest) {
    if (arg.startsWith('-')) continue
    for (const [pattern, agent] of PACKAGE_HINTS) if (pattern.test(arg)) return agent
    // The first operand is the script (or the package for npx): decide on it alone.
    return byName(arg)
  }
  return null
}
