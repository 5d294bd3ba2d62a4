import { z } from 'zod'
import { PAYLOAD_FORMATS } from '../../core/agents/agentManifest'
import { AGENT_ID_PATTERN, SHELL_KIND } from '../../shared/domain/agents'
import { ENV_NAME_PATTERN } from '../../shared/domain/settings'
import { compileRuleRegex } from '../status/ruleRegex'
import { parseVerifiedRange } from '../status/versions'

/**
 * The schema of an agent's manifest, `agent.toml` (resources/agents/README.md). Strict objects: a
 * misspelt key is an error, not a silently ignored part of the agent. Keys are TOML's snake_case;
 * agentFolder.ts turns a valid document into an AgentManifest. The same schema reads the shipped
 * folders and the user's, which are untrusted input: every string and list is bounded, and every
 * regex is checked as the rule loader checks its own.
 */

/** Agent ids (AGENT_ID_PATTERN) are folder names, settings keys, file-name parts (`launchDirPrefix`). `shell` is taken: any other program. */
export const RESERVED_AGENT_IDS: ReadonlySet<string> = new Set([SHELL_KIND])

const Text = (max: number) => z.string().min(1).max(max)
/** Text the board prints (the UI, `switchboard agents`): no control characters, which could drive the user's terminal. */
const Printable = (max: number) => Text(max).regex(/^[^\p{Cc}]*$/u, 'no control characters (escape sequences would drive the terminal that shows it)')
const Id = z
  .string()
  .regex(AGENT_ID_PATTERN, 'agent ids are lower-case letters, digits and -, starting with a letter, at most 32 (like "mytool")')
  .refine((id) => !RESERVED_AGENT_IDS.has(id), 'is reserved: "shell" is any program the board knows nothing about')

/** A JavaScript regex, refused when the linear-time engine the board matches it with cannot run it (status/ruleRegex.ts). */
const Regex = Text(1000).superRefine((source, ctx) => {
  try {
    compileRuleRegex(source)
  } catch (err) {
    ctx.addIssue({ code: 'custom', message: (err as Error).message })
  }
})

const Verified = Text(100).refine((v) => parseVerifiedRange(v) !== null, 'a version ("2.1.332") or an inclusive range ("2.1.197 - 2.1.332")')
const Arg = z.string().max(4096)
const Key = Text(16)
const DialogKind = z.enum(['permission', 'question'])
const AnswerKeys = z
  .array(z.enum(['enter', 'escape', 'digit']))
  .min(1)
  .max(4)

const FieldTest = z
  .strictObject({
    field: Text(200),
    equals: z.union([z.string().max(1000), z.number(), z.boolean()]).optional(),
    present: z.boolean().optional(),
  })
  .refine((t) => t.equals !== undefined || t.present !== undefined, 'a condition says `equals` or `present`')
const When = z.array(FieldTest).min(1).max(8)

const Tracking = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('session'), id_field: Text(200), parent_field: Text(200) }),
  z.strictObject({ kind: z.literal('messageRole'), id_field: Text(200), role_field: Text(200) }),
  z.strictObject({
    kind: z.literal('replyText'),
    text_field: Text(200),
    message_id_field: Text(200).optional(),
    role_field: Text(200).optional(),
    append: z.boolean().optional(),
  }),
])

const EFFECTS = ['working', 'blocked', 'question', 'answered', 'progress', 'turnEnd', 'interrupted', 'exiting', 'reinforce', 'track', 'ignore'] as const

const Report = z
  .strictObject({
    event: Text(64),
    when: When.optional(),
    effect: z.enum(EFFECTS),
    text_field: Text(200).optional(),
    starts_turn: z.boolean().optional(),
    tracking: Tracking.optional(),
    child_counts: z.boolean().optional(),
    why: Text(2000),
  })
  .refine((r) => r.effect !== 'track' || r.tracking !== undefined, 'a `track` report needs `tracking`')
  .refine((r) => r.tracking === undefined || r.effect === 'track' || r.effect === 'progress', 'only a `track` or `progress` report has `tracking`')

const Unsupported = z.strictObject({ what: Text(200), why: Text(2000) })

const Reporting = z.strictObject({
  payload: z.enum(PAYLOAD_FORMATS),
  session_fields: z.array(Text(200)).max(8).optional(),
  root_field: Text(200).optional(),
  version_fields: z.array(Text(200)).max(8).optional(),
  enter_submits_prompt: z.boolean().optional(),
  /** Slash commands that end the session (with enter_submits_prompt): Enter on one is work until the exit. */
  exit_commands: z
    .array(z.string().regex(/^\/[a-z][a-z0-9_-]{0,30}$/, 'a slash command such as /quit'))
    .max(8)
    .optional(),
  /** Milliseconds a reported dialog may take to be drawn while the screen still shows work (default StatusConstants.DialogDrawGraceMs). */
  dialog_draw_grace_ms: z.number().int().min(0).max(30_000).optional(),
  /** Milliseconds an answered dialog may stay drawn without counting (default AnswerConstants.HoldMs). */
  answer_hold_ms: z.number().int().min(0).max(30_000).optional(),
})

const Version = z
  .strictObject({
    npm: z
      .string()
      .regex(/^(?:@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*$/, 'an npm package name, like "@openai/codex"')
      .max(214)
      .optional(),
    pypi: z
      .string()
      .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'a Python distribution name, like "hermes-agent"')
      .max(214)
      .optional(),
    args: z.array(Arg).min(1).max(8).optional(),
    pattern: Regex.optional(),
  })
  .refine(
    (v) => v.npm !== undefined || v.pypi !== undefined || v.args !== undefined,
    'say how the version is read: `npm` or `pypi` (the package the executable belongs to) or `args` (run it, e.g. ["--version"])',
  )

/** A file of the agent's own folder: a plain relative path that stays inside it. */
const FolderFile = Text(400).refine(
  (f) => !f.startsWith('/') && !f.split('/').includes('..'),
  'a path inside the agent\'s folder, like "switchboard-plugin.js"',
)

/** The placeholders a launch's `args` and `env` may use (src/board/agents/profile.ts expands them). */
export const LAUNCH_TEMPLATES = ['folder', 'resources', 'report_url', 'reporter', 'reporter_gated', 'launch_dir'] as const

/** A string whose `{name}`s are all among `names`. */
const Template = (names: readonly string[]) =>
  z
    .string()
    .max(4096)
    .superRefine((s, ctx) => {
      for (const [, name] of s.matchAll(/\{([^{}]*)\}/g)) {
        if (!names.includes(name!))
          ctx.addIssue({ code: 'custom', message: `{${name}} is not a placeholder here; these are: ${names.map((n) => `{${n}}`).join(' ')}` })
      }
    })

const Launch = z.strictObject({
  files: z.array(FolderFile).max(16).default([]),
  token: z.enum(['env', 'file']).default('env'),
  prompt_opens: z
    .array(z.strictObject({ event: Text(64), when: When.optional() }))
    .max(16)
    .default([]),
  args: z.array(Template(LAUNCH_TEMPLATES)).max(64).default([]),
  env: z
    .record(z.string().regex(ENV_NAME_PATTERN, 'environment names are letters, digits and _'), Template(LAUNCH_TEMPLATES))
    .refine((e) => Object.keys(e).length <= 64, 'at most 64 variables')
    .default({}),
})

const Resume = z.strictObject({
  args: z
    .array(Template(['session']))
    .min(1)
    .max(16)
    .refine((a) => a.some((x) => x.includes('{session}')), 'the arguments must carry the session id: `{session}`'),
  transcript: z
    .strictObject({
      dir_env: z
        .string()
        .regex(/^[A-Z_][A-Z0-9_]*$/)
        .optional(),
      dir: z.string().min(1).max(200),
      path: z
        .array(
          z
            .string()
            .min(1)
            .max(200)
            .regex(/^[^/]+$/, 'one path segment each'),
        )
        .min(1)
        .max(8)
        .refine((p) => p.some((x) => x.includes('{session}')), 'the path must name the session: `{session}`'),
      message_marks: z.array(z.string().min(1).max(200)).min(1).max(8),
    })
    .optional(),
  verified_on: Verified,
})

const DialogKeys = z.strictObject({
  digit_kinds: z.array(DialogKind).max(2),
  deny: Key.optional(),
  free_text: Regex.optional(),
  option_labels: z.array(Text(400)).max(32).optional(),
  arrows: z.strictObject({ down: Key, up: Key, enter: Key }).optional(),
})

/** How the agent shows a paste it has read, where its Enter right after one is a newline (AgentKnowledge.pasteEcho). */
const PasteEchoDoc = z.strictObject({
  window_ms: z.number().int().min(0).max(5_000),
  placeholder: z.strictObject({ over_chars: z.number().int().min(1), over_lines: z.number().int().min(1), shows: Text(100) }),
})

export const ManifestSchema = z
  .strictObject({
    id: Id,
    name: Printable(60),
    command: z.array(Text(4096)).min(1, 'the command runs the agent: at least its executable, like ["mytool"]').max(32),
    package_hints: z.array(Regex).max(8).default([]),
    verified_on: Verified.optional(),
    version: Version.optional(),
    launch: Launch.optional(),
    resume: Resume.optional(),
    reporting: Reporting.optional(),
    report: z.array(Report).max(200).optional(),
    unsupported: z.array(Unsupported).max(50).default([]),
    dialog_keys: DialogKeys.optional(),
    answer_keys: z
      .strictObject({
        permission: AnswerKeys.optional(),
        question: AnswerKeys.optional(),
        redraws_answered: z.boolean().default(false),
        /** Rule ids of dialogs asked at most once per start (DialogAnswers.askedOnce). */
        asked_once: z.array(Text(100)).max(16).optional(),
      })
      .refine((k) => k.permission !== undefined || k.question !== undefined, 'say which keys answer which dialogs: `permission` or `question`, like ["enter"]')
      .optional(),
    terminal_state: z.strictObject({ osc: z.number().int().min(1).max(65535) }).optional(),
    paste_echo: PasteEchoDoc.optional(),
  })
  .superRefine((m, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message })
    if (m.reporting && !m.report?.length) issue('reporting', 'an agent that reports needs its `[[report]]` table: which event means what')
    if (m.report && !m.reporting) issue('report', '`[[report]]`s need `[reporting]` (at least `payload`: "hook" or "plugin")')
    if (m.reporting && !m.launch) issue('reporting', 'reports arrive only from a launch that injects reporting: add `[launch]`')
    if (m.reporting && m.verified_on === undefined) issue('reporting', 'a report table needs the version it was verified on: `verified_on` at the top')
  })

export type ManifestDoc = z.infer<typeof ManifestSchema>
