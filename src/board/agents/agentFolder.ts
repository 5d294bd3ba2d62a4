import { existsSync, readdirSync } from 'node:fs'
import { basename, join } from 'node:path'
import { parse, TomlError } from 'smol-toml'
import type { z } from 'zod'
import type { ParseTerminalState, PrepareLaunch } from '../../core/agents/agentCode'
import type { AgentManifest, AgentSource } from '../../core/agents/agentManifest'
import type { AgentReportTable, EventMapping, Tracking } from '../../core/agents/reportTable'
import type { RuleFileError } from '../status/ruleFile'
import { readBounded } from '../status/ruleRegistry'
import { ManifestSchema, type ManifestDoc } from './manifestSchema'
import { lineOfPath } from './tomlLines'

export const MANIFEST_FILE = 'agent.toml'
export const RULES_FILE = 'rules.toml'

export const enum AgentFolderLimits {
  /** Folders read from the user's agents dir at most. */
  MaxUserAgents = 64,
}

/** The code a shipped folder brings (found by src/board/agents/shippedCode.ts); a user's folder brings none. */
export interface AgentFolderCode {
  readonly prepareLaunch?: PrepareLaunch
  readonly parseTerminalState?: ParseTerminalState
}

/** One agent folder, read: its manifest, where its rules are, and its code. */
export interface AgentFolder {
  readonly manifest: AgentManifest
  /** Its `rules.toml`, or null when it ships none (the generic path: working, waiting on the keyboard, exited). */
  readonly rulesFile: string | null
  readonly code: AgentFolderCode
}

export type AgentFolderResult =
  | { readonly ok: true; readonly value: AgentFolder; readonly warnings: readonly RuleFileError[] }
  | { readonly ok: false; readonly errors: readonly RuleFileError[] }

/** What an agent needs at least, shown as the line to add (the folder's own name in it). */
const REQUIRED: Record<string, (name: string) => string> = {
  id: (name) => `id = "${name}"`,
  name: (name) => `name = "${name.charAt(0).toUpperCase()}${name.slice(1)}"`,
  command: (name) => `command = ["${name}"]`,
}

function valueAt(doc: unknown, path: readonly PropertyKey[]): unknown {
  let at = doc
  for (const key of path) at = at !== null && typeof at === 'object' ? (at as Record<PropertyKey, unknown>)[key] : undefined
  return at
}

/** The first problems of a failed validation, each at its line; a key left out says so (not "received undefined"). */
function schemaErrors(file: string, text: string, doc: unknown, folder: string, error: z.ZodError): RuleFileError[] {
  return error.issues.slice(0, 5).map((i) => {
    const path = i.code === 'unrecognized_keys' ? [...i.path, i.keys[0] ?? ''] : i.path
    const where = i.path.map(String).join('.')
    const line = lineOfPath(text, path as (string | number)[])
    if (i.code === 'unrecognized_keys')
      return { file, line, message: `unknown key${i.keys.length > 1 ? 's' : ''} ${i.keys.map((k) => `"${k}"`).join(', ')}${where ? ` in ${where}` : ''}` }
    if (i.code === 'invalid_type' && i.path.length > 0 && valueAt(doc, i.path) === undefined) {
      const example = i.path.length === 1 ? REQUIRED[String(i.path[0])] : undefined
      return {
        file,
        line,
        message: `${where}: is missing${example ? `: an agent needs at least id, name and command, like ${example(basename(folder))}` : ''}`,
      }
    }
    return { file, line, message: `${where || 'file'}: ${i.message}` }
  })
}

function tracking(t: NonNullable<ManifestDoc['report']>[number]['tracking']): Tracking | undefined {
  if (!t) return undefined
  switch (t.kind) {
    case 'session':
      return { kind: 'session', idField: t.id_field, parentField: t.parent_field }
    case 'messageRole':
      return { kind: 'messageRole', idField: t.id_field, roleField: t.role_field }
    case 'replyText':
      return {
        kind: 'replyText',
        textField: t.text_field,
        ...(t.message_id_field ? { messageIdField: t.message_id_field } : {}),
        ...(t.role_field ? { roleField: t.role_field } : {}),
        ...(t.append !== undefined ? { append: t.append } : {}),
      }
  }
}

function reportTable(doc: ManifestDoc): AgentReportTable | null {
  const r = doc.reporting
  if (!r || !doc.report) return null
  const mappings: EventMapping[] = doc.report.map((m) => {
    const track = tracking(m.tracking)
    return {
      event: m.event,
      ...(m.when ? { when: m.when } : {}),
      effect: m.effect,
      ...(m.text_field !== undefined ? { textField: m.text_field } : {}),
      ...(m.starts_turn !== undefined ? { startsTurn: m.starts_turn } : {}),
      ...(track ? { tracking: track } : {}),
      ...(m.child_counts !== undefined ? { childCounts: m.child_counts } : {}),
      why: m.why,
    }
  })
  return {
    agent: doc.id,
    verifiedOn: doc.verified_on!,
    ...(r.session_fields ? { sessionFields: r.session_fields } : {}),
    ...(r.root_field !== undefined ? { rootField: r.root_field } : {}),
    ...(r.version_fields ? { versionFields: r.version_fields } : {}),
    mappings,
    unsupported: doc.unsupported,
    ...(r.enter_submits_prompt !== undefined ? { enterSubmitsPrompt: r.enter_submits_prompt } : {}),
    ...(r.exit_commands ? { exitCommands: r.exit_commands } : {}),
    ...(r.dialog_draw_grace_ms !== undefined ? { dialogDrawGraceMs: r.dialog_draw_grace_ms } : {}),
    ...(r.answer_hold_ms !== undefined ? { answerHoldMs: r.answer_hold_ms } : {}),
  }
}

/** The manifest of a valid document (names as the core has them). */
export function manifestOf(doc: ManifestDoc, source: AgentSource, folder: string): AgentManifest {
  const keys = doc.dialog_keys
  return {
    id: doc.id,
    name: doc.name,
    source,
    folder,
    command: doc.command,
    packageHints: doc.package_hints,
    verifiedOn: doc.verified_on ?? null,
    version: doc.version ?? null,
    launch: doc.launch
      ? { files: doc.launch.files, tokenInFile: doc.launch.token === 'file', promptOpens: doc.launch.prompt_opens, args: doc.launch.args, env: doc.launch.env }
      : null,
    payload: doc.reporting?.payload ?? null,
    reports: reportTable(doc),
    dialogKeys: keys
      ? {
          digitKinds: keys.digit_kinds,
          deny: keys.deny ?? null,
          ...(keys.free_text !== undefined ? { freeText: keys.free_text } : {}),
          ...(keys.option_labels ? { optionLabels: keys.option_labels } : {}),
          ...(keys.arrows ? { arrows: keys.arrows } : {}),
        }
      : null,
    answers: doc.answer_keys
      ? {
          keys: {
            ...(doc.answer_keys.permission ? { permission: doc.answer_keys.permission } : {}),
            ...(doc.answer_keys.question ? { question: doc.answer_keys.question } : {}),
          },
          redrawsAnswered: doc.answer_keys.redraws_answered,
          ...(doc.answer_keys.asked_once ? { askedOnce: doc.answer_keys.asked_once } : {}),
        }
      : null,
    pasteEcho: doc.paste_echo
      ? {
          windowMs: doc.paste_echo.window_ms,
          placeholder: {
            overChars: doc.paste_echo.placeholder.over_chars,
            overLines: doc.paste_echo.placeholder.over_lines,
            shows: doc.paste_echo.placeholder.shows,
          },
        }
      : null,
    resume: doc.resume
      ? {
          args: doc.resume.args,
          verifiedOn: doc.resume.verified_on,
          ...(doc.resume.transcript
            ? {
                transcript: {
                  ...(doc.resume.transcript.dir_env ? { dirEnv: doc.resume.transcript.dir_env } : {}),
                  dir: doc.resume.transcript.dir,
                  path: doc.resume.transcript.path,
                  messageMarks: doc.resume.transcript.message_marks,
                },
              }
            : {}),
        }
      : null,
    terminalOsc: doc.terminal_state?.osc ?? null,
  }
}

/**
 * Parses and validates one manifest. Every problem comes back with its file and line; nothing
 * partial is returned, so a caller keeps the agent's previous manifest on any error.
 */
export function parseManifest(
  file: string,
  text: string,
  source: AgentSource,
  folder: string,
): { ok: true; manifest: AgentManifest } | { ok: false; errors: RuleFileError[] } {
  let doc: unknown
  try {
    doc = parse(text)
  } catch (err) {
    if (err instanceof TomlError) return { ok: false, errors: [{ file, line: err.line, message: err.message.split('\n')[0] ?? 'invalid TOML' }] }
    throw err
  }
  const result = ManifestSchema.safeParse(doc)
  if (!result.success) return { ok: false, errors: schemaErrors(file, text, doc, folder, result.error) }
  return { ok: true, manifest: manifestOf(result.data, source, folder) }
}

/** Code files a folder may hold; in a user's folder they are not run (an agent folder of yours is data only). */
const CODE_FILES = /\.(ts|js|mjs|cjs)$/

/**
 * Reads an agent folder: `agent.toml` (required; its `id` is the folder's name), `rules.toml`
 * (optional), the files its launch names, and for a shipped folder the code main found for it.
 * The manifest is read the way the rule loader reads rule files (readText), size-bounded first.
 */
export function readAgentFolder(dir: string, source: AgentSource, code: AgentFolderCode = {}): AgentFolderResult {
  const file = join(dir, MANIFEST_FILE)
  if (!existsSync(file))
    return { ok: false, errors: [{ file, line: 1, message: 'is missing: an agent folder needs agent.toml with at least id, name and command' }] }
  const errors: RuleFileError[] = []
  const text = readBounded(file, errors)
  if (text === null) return { ok: false, errors }
  const parsed = parseManifest(file, text, source, dir)
  if (!parsed.ok) return { ok: false, errors: parsed.errors }
  const manifest = parsed.manifest
  const name = basename(dir)
  if (manifest.id !== name)
    errors.push({
      file,
      line: lineOfPath(text, ['id']),
      message: `id "${manifest.id}" does not match the folder's name: the folder is named after the agent (${manifest.id}/)`,
    })
  for (const f of manifest.launch?.files ?? []) {
    if (!existsSync(join(dir, f))) errors.push({ file, line: lineOfPath(text, ['launch', 'files']), message: `launch.files: ${f} is not in ${dir}` })
  }
  const warnings: RuleFileError[] = []
  if (source === 'user') {
    if (manifest.terminalOsc !== null)
      errors.push({
        file,
        line: lineOfPath(text, ['terminal_state']),
        message: 'terminal_state needs a parser in code (terminal.ts), which only shipped agents bring: remove it',
      })
    const code = listFolder(dir).filter((f) => CODE_FILES.test(f) && !(manifest.launch?.files ?? []).includes(f))
    if (code.length)
      warnings.push({
        file: join(dir, code[0]!),
        line: 1,
        severity: 'warning',
        message:
          'code in your agent folder is not run: an agent of yours is agent.toml and rules.toml (plugin files it names in launch.files are handed to the agent, not run by the board)',
      })
  } else {
    if ((manifest.terminalOsc !== null) !== (code.parseTerminalState !== undefined)) {
      errors.push({
        file,
        line: lineOfPath(text, ['terminal_state']),
        message:
          manifest.terminalOsc !== null
            ? '[terminal_state] needs terminal.ts beside it, exporting parseTerminalState'
            : 'terminal.ts is here but the manifest has no [terminal_state] (osc = N)',
      })
    }
  }
  if (errors.length) return { ok: false, errors }
  const rules = join(dir, RULES_FILE)
  const userCode: AgentFolderCode = {}
  return { ok: true, value: { manifest, rulesFile: existsSync(rules) ? rules : null, code: source === 'user' ? userCode : code }, warnings }
}

function listFolder(dir: string): string[] {
  try {
    return readdirSync(dir)
  } catch {
    return []
  }
}

/** The agent folders under `root` (sub-folders holding agent.toml or meant to), sorted; [] when it does not exist. */
export function agentFolders(root: string): string[] {
  if (!existsSync(root)) return []
  return (
    readdirSync(root, { withFileTypes: true })
      // A link to a folder counts (the caller follows it: AgentCatalog keeps only directories).
      .filter((d) => (d.isDirectory() || d.isSymbolicLink()) && !d.name.startsWith('.'))
      .map((d) => join(root, d.name))
      .sort()
  )
}
