import { programName } from '../process/shells'
import type { AgentKnowledge } from './agentKnowledge'

/** Launchers that run an agent's script: the agent is named by the script, not the launcher. */
const LAUNCHERS = new Set(['node', 'nodejs', 'bun', 'deno', 'npx', 'npm', 'pnpm', 'yarn', 'env', 'electron'])
/** Python runs a venv's entry script: the foreground process of `hermes` is `…/bin/python …/bin/hermes`. */
const PYTHON = /^python(?:\d+(?:\.\d+)?)?$/

function isLauncher(program: string): boolean {
  return LAUNCHERS.has(program) || PYTHON.test(program)
}

/**
 * What the core asks about agents: their knowledge by id, and which agent a command line runs.
 * Main's AgentCatalog answers for the agents in force (shipped and the user's, reloaded live); an
 * AgentSet answers for a fixed list.
 */
export interface AgentDirectory {
  /** What the core knows about an agent, or null for a shell or an unknown program. */
  knowledge(id: string | null): AgentKnowledge | null
  /**
   * Which agent an argv runs: by program name (`claude`, `/usr/local/bin/codex`), or through a
   * launcher (`node …/@anthropic-ai/claude-code/cli.js`, `npx opencode-ai`). Null for anything else.
   */
  recognize(argv: readonly string[]): string | null
}

/** A fixed set of agents (one catalog generation). */
export class AgentSet implements AgentDirectory {
  private readonly byId: ReadonlyMap<string, AgentKnowledge>
  private readonly byProgram: ReadonlyMap<string, string>
  private readonly hints: readonly (readonly [RegExp, string])[]

  constructor(agents: readonly AgentKnowledge[]) {
    this.byId = new Map(agents.map((a) => [a.id, a]))
    // The first agent to claim a program name keeps it (shipped agents come first).
    const programs = new Map<string, string>()
    for (const a of agents) for (const p of a.programs) if (!programs.has(p)) programs.set(p, a.id)
    this.byProgram = programs
    this.hints = agents.flatMap((a) => a.packageHints.map((hint) => [hint, a.id] as const))
  }

  get ids(): string[] {
    return [...this.byId.keys()]
  }

  knowledge(id: string | null): AgentKnowledge | null {
    return id === null ? null : (this.byId.get(id) ?? null)
  }

  private byName(arg: string): string | null {
    return this.byProgram.get(programName(arg)) ?? null
  }

  recognize(argv: readonly string[]): string | null {
    const [first, ...rest] = argv
    if (first === undefined) return null
    const direct = this.byName(first)
    if (direct) return direct
    for (const [pattern, agent] of this.hints) if (pattern.test(first)) return agent
    if (!isLauncher(programName(first))) return null
    for (const arg of rest) {
      if (arg.startsWith('-')) continue
      for (const [pattern, agent] of this.hints) if (pattern.test(arg)) return agent
      // The first operand is the script (or the package for npx): decide on it alone.
      return this.byName(arg)
    }
    return null
  }
}
