/**
 * A pane's name. A title the user gave wins; then the terminal title the program sets — unless an
 * agent's says no more than the folder (Codex titles itself `<dir>` until the first prompt, then
 * `<prompt or thread title> | <dir>`) or than the agent's own name (Claude Code shows `Claude Code`
 * until its session title comes back, and clears the title as it exits). Then the agent's last
 * title of its own stays (the name does not flip back and forth with each turn: issue 22), else
 * its first prompt names the pane, else the program's name. A shell's folder title is kept: there
 * the folder is the news.
 */
export interface TitleInputs {
  readonly fixed: string | undefined
  /** The agent the pane runs, null for other programs. */
  readonly agent: string | null
  /** How the UI names that agent (its folder's `name`, "Claude Code"), when known. */
  readonly agentName?: string | null
  readonly terminal: string
  readonly firstPrompt: string | null
  readonly cwd: string
  readonly program: string
  /** The agent's last title of its own (agentOwnTitle), kept by the pane. */
  readonly kept?: string | null
}

export const enum TitleConstants {
  MaxPromptChars = 60,
}

/** Spinner and status glyphs agents put in front of their titles (braille spinners, ✳, •, Claude Code 2.1.332's ◐ ◓ ◑ ◒, …). */
const DECORATION = /^[\u2800-\u28ff\u25d0-\u25d3✳✢✶✻✽*·•◦●\s]+/
const MARKER = /^\[\s*[!.]\s*\]\s*(Action Required)?$/i

function lastPart(path: string): string {
  const parts = path.split('/').filter(Boolean)
  return parts[parts.length - 1] ?? path
}

/** True when the title names nothing but the folder (and status markers). */
export function titleIsOnlyFolder(title: string, cwd: string): boolean {
  const folder = lastPart(cwd)
  const parts = title
    .replace(DECORATION, '')
    .split('|')
    .map((p) => p.trim())
    .filter((p) => p !== '' && !MARKER.test(p) && !/^action required$/i.test(p))
  return parts.every((p) => p === folder || p === cwd || lastPart(p) === folder || p === '~')
}

/** The agent's own name as it titles itself ("Claude Code", "claude"): no news about the task. */
function isAgentsOwnName(title: string, agent: string, agentName: string | null | undefined, program: string): boolean {
  const bare = title.replace(DECORATION, '').trim().toLowerCase()
  const names = [agent, program, agentName ?? ''].filter(Boolean).map((n) => n.toLowerCase())
  return names.includes(bare)
}

/** An agent's terminal title that names the task: not empty, not only the folder, not only the agent's name. */
export function agentOwnTitle(t: Pick<TitleInputs, 'agent' | 'agentName' | 'terminal' | 'cwd' | 'program'>): boolean {
  if (t.agent === null || !t.terminal.replace(DECORATION, '').trim()) return false
  return !titleIsOnlyFolder(t.terminal, t.cwd) && !isAgentsOwnName(t.terminal, t.agent, t.agentName, t.program)
}

export function paneTitle(t: TitleInputs): string {
  if (t.fixed) return t.fixed
  if (t.agent === null) return t.terminal || t.program
  if (agentOwnTitle(t)) return t.terminal
  return t.kept || t.firstPrompt || t.program
}

/** The prompt a report carries (Claude's and Codex's UserPromptSubmit), shortened to a name. */
export function promptOf(event: string, payload: unknown): string | null {
  if (event !== 'UserPromptSubmit' || typeof payload !== 'object' || payload === null) return null
  const prompt = (payload as { prompt?: unknown }).prompt
  if (typeof prompt !== 'string') return null
  const line = prompt
    // eslint-disable-next-line no-control-regex
    .replace(/[\x00-\x1f\x7f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  if (!line) return null
  return line.length > TitleConstants.MaxPromptChars ? line.slice(0, TitleConstants.MaxPromptChars - 1).trimEnd() + '…' : line
}
