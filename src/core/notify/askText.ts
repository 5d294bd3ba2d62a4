/**
 * What an agent wants from the user, in plain words, from its own report: "Run `touch x.txt`?"
 * for a permission request, the question's text for a question, the last sentence of a reply
 * that asks. Pure; the event names and payload fields stay in the evidence (explain), never here.
 *
 * Payload shapes (fixtures/<agent>/README.md): Claude and Codex `PermissionRequest` carry
 * `tool_name` and `tool_input` (`command`, `file_path`, `url`; Claude's AskUserQuestion
 * `tool_input.questions[]`); OpenCode's `permission.asked` carries `permission` and
 * `metadata.command`, its `question.asked` `questions[]`.
 */

/** Longest command or question quoted; the rest is cut with "…" (the full text is in explain). */
const MAX_QUOTE = 160

function str(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null
}

function get(value: unknown, key: string): unknown {
  return value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined
}

/** One line, trimmed, cut to `max` characters. */
export function oneLine(text: string, max = MAX_QUOTE): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`
}

/** Inline code that stays code when the text itself holds backticks. */
function code(text: string): string {
  const t = oneLine(text)
  return t.includes('`') ? `“${t}”` : `\`${t}\``
}

function firstQuestion(questions: unknown): string | null {
  if (!Array.isArray(questions) || questions.length === 0) return null
  const text = str(get(questions[0], 'question'))
  if (!text) return null
  const more = questions.length > 1 ? ` (and ${questions.length - 1} more)` : ''
  return oneLine(text) + more
}

const FILE_VERBS: Readonly<Record<string, string>> = {
  Edit: 'Edit',
  MultiEdit: 'Edit',
  Write: 'Write',
  Read: 'Read',
  NotebookEdit: 'Edit',
  edit: 'Edit',
  write: 'Write',
  read: 'Read',
}

/** What a tool call would do, as a question to the user. */
function toolAsk(tool: string | null, input: unknown): string | null {
  const questions = firstQuestion(get(input, 'questions'))
  if (questions) return questions
  const command = str(get(input, 'command')) ?? str(get(input, 'cmd'))
  if (command) return `Run ${code(command)}?`
  const file = str(get(input, 'file_path')) ?? str(get(input, 'filePath')) ?? str(get(input, 'path'))
  if (file) return `${(tool && FILE_VERBS[tool]) ?? `Use ${tool ?? 'a tool'} on`} ${code(file)}?`
  const url = str(get(input, 'url'))
  if (url) return `Fetch ${code(url)}?`
  return tool ? `Use the tool ${code(tool)}?` : null
}

/**
 * The ask behind a dialog report (a permission request or a question), or null when the payload
 * says nothing a user would recognise.
 */
export function askFromPayload(payload: unknown): string | null {
  const questions = firstQuestion(get(payload, 'questions'))
  if (questions) return questions
  const tool = str(get(payload, 'tool_name')) ?? str(get(payload, 'permission'))
  const input = get(payload, 'tool_input') ?? get(payload, 'metadata') ?? get(payload, 'input')
  return toolAsk(tool, input)
}

/**
 * Does a reply end with a question? Seed 000's rule, kept exactly: trim trailing whitespace,
 * markdown emphasis (`*`, `_`, `~`), backticks, closing brackets and quotes, then look for `?` or
 * the full-width `？` that CJK input methods type.
 */
const TRAILING_DECORATION = /[\s*_~`)\]}>"'”’»」』）】〉》]+$/u

export function endsWithQuestion(text: string): boolean {
  const trimmed = text.replace(TRAILING_DECORATION, '')
  return trimmed.endsWith('?') || trimmed.endsWith('？')
}

/** The last sentence of a reply: what the user has to answer when the reply ends with a question. */
export function lastSentence(reply: string): string {
  const flat = reply.replace(/\s+/g, ' ').trim()
  const sentences = flat.split(/(?<=[.!?。？])\s+/)
  return oneLine(sentences.at(-1) || flat)
}
