/**
 * THE contract between the board's core (main process) and its clients: the renderer (over
 * Electron IPC or the browser-mode WebSocket) and the control CLI (over the Unix socket).
 *
 * It is a runtime registry: every channel that carries input into main has a zod schema for its
 * arguments, and the TypeScript types are derived from it, so a channel cannot exist in the types
 * without being validated at run time.
 */
import { z } from 'zod'
import type {
  AttachSnapshot,
  PaneAlert,
  PaneId,
  PaneExplanation,
  PaneChangesDetail,
  PaneInfo,
  ScreenSnapshot,
  WorktreeCheck,
  StateChange,
  StateHistoryEntry,
} from '../domain/pane'
import { PANE_STATES } from '../domain/pane'
import type { AnswerResult, Delivery, DialogSnapshot, TypeResult } from '../domain/answer'
import { agentIdSchema, type AgentList } from '../domain/agents'
import { NOTIFY_MODES, type AttentionSnapshot, type AwaySummary, type NotificationIntent } from '../domain/attention'
import { BOARD_ENV, BOARD_ENV_MESSAGE, settingsSchema, type OpenFolderResult, type SettingsSnapshot } from '../domain/settings'
import { ContractLimits } from './limits'
import { sshDestinationSchema } from '../domain/sshDestination'

export { sshDestinationSchema }

export { ContractLimits } from './limits'

export const paneIdSchema = z.string().regex(/^[1-9][0-9]{0,8}$/, 'a pane id is a positive number like "3"')
const colsSchema = z.number().int().min(ContractLimits.minCols).max(ContractLimits.maxCols)
const rowsSchema = z.number().int().min(ContractLimits.minRows).max(ContractLimits.maxRows)

/** Environment overrides: names as a shell takes them, bounded in number and size. */
const envSchema = z
  .record(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'environment names are letters, digits and _'), z.string().max(ContractLimits.maxArgChars))
  .refine((e) => Object.keys(e).length <= ContractLimits.maxEnvEntries, 'too many environment entries')
  .refine((e) => !Object.keys(e).some((k) => BOARD_ENV.test(k)), BOARD_ENV_MESSAGE)

export const createPaneRequestSchema = z
  .object({
    /** argv; empty or absent means the user's login shell. */
    command: z.array(z.string().min(1).max(ContractLimits.maxArgChars)).max(ContractLimits.maxArgs).optional(),
    cwd: z.string().min(1).max(4096).optional(),
    /** Where the caller is (the CLI's directory): the cwd when neither `cwd` nor the preset names one. */
    callerCwd: z.string().min(1).max(4096).optional(),
    env: envSchema.optional(),
    title: z.string().max(ContractLimits.maxTitleChars).optional(),
    /** Launch this agent the way the settings say (executable, default arguments, environment); `command` must be absent. */
    agent: agentIdSchema.optional(),
    /** Arguments for this launch, after the agent's (and the preset's) defaults. */
    args: z.array(z.string().max(ContractLimits.maxArgChars)).max(ContractLimits.maxArgs).optional(),
    /** A saved launch preset by name: its agent, arguments, environment, directory and setup commands. */
    preset: z.string().min(1).max(80).optional(),
    /** Run in a new git worktree on a new branch, from `base` (default: the repo's HEAD). */
    worktree: z
      .object({ branch: z.string().min(1).max(200), base: z.string().min(1).max(200).optional() })
      .strict()
      .optional(),
    /** Shell commands (`$SHELL -lc`) run one by one in the new worktree before the program starts; after a preset's own. */
    setup: z.array(z.string().min(1).max(4096)).max(32).optional(),
    cols: colsSchema.optional(),
    rows: rowsSchema.optional(),
    /**
     * Run on another machine: an ssh destination (`user@host`, `host:port` is not ssh's form — use an
     * alias of the ssh config) reached with the user's own ssh; the board there computes the status.
     */
    host: sshDestinationSchema.optional(),
  })
  .strict()
export type CreatePaneRequest = z.infer<typeof createPaneRequestSchema>

const paneStateSchema = z.enum(PANE_STATES)
const fingerprintSchema = z.string().min(1).max(128)

/**
 * An answer from the answer box. Text says which state the user saw when they sent it; a dialog
 * answer names the dialog instance (its fingerprint from `pane:dialog`) it was meant for. Main
 * re-checks both against the live pane before a byte is written.
 */
export const answerRequestSchema = z.discriminatedUnion('kind', [
  /** `again`: "Send again" for the line of that delivery, reported not taken (refused if the program has read it since). */
  z
    .object({
      kind: z.literal('text'),
      text: z.string().max(ContractLimits.maxAnswerChars),
      seen: paneStateSchema,
      sendAnyway: z.boolean().optional(),
      again: z.number().int().min(1).optional(),
    })
    .strict(),
  z.object({ kind: z.literal('option'), key: z.string().min(1).max(16), fingerprint: fingerprintSchema }).strict(),
  z.object({ kind: z.literal('deny'), fingerprint: fingerprintSchema }).strict(),
  /** The question's free-text option ("Type something."), chosen and filled with `text`. */
  z
    .object({
      kind: z.literal('free-text'),
      key: z.string().min(1).max(16),
      text: z.string().max(ContractLimits.maxAnswerChars),
      fingerprint: fingerprintSchema,
    })
    .strict(),
])
export type AnswerRequest = z.infer<typeof answerRequestSchema>

/** The window's arrangement, saved with the workspace: single or grid, the cells, the splits, the selection. */
export const savedLayoutSchema = z
  .object({
    mode: z.enum(['single', 'grid']),
    size: z.union([z.literal(2), z.literal(3), z.literal(4)]),
    slots: z.array(paneIdSchema.nullable()).max(4),
    colSplit: z.number().min(0).max(1),
    rowSplit: z.number().min(0).max(1),
    selected: paneIdSchema.nullable(),
  })
  .strict()
export type SavedLayout = z.infer<typeof savedLayoutSchema>

/** The verdict a terminal view showed when the user typed (for the type-ahead guard); null: none yet. */
export const seenVerdictSchema = z.object({ state: paneStateSchema, since: z.number() }).strict().nullable()
export type SeenVerdict = z.infer<typeof seenVerdictSchema>

/** A recording of a live pane (`switchboard record`): its files, and how much it holds so far. */
export interface RecordingInfo {
  readonly files: { readonly cast: string; readonly hooks: string; readonly process: string }
  readonly seconds: number
  readonly events: number
  readonly reports: number
  /** Set when the recording stopped early because a write failed. */
  readonly error?: string
}

/** Where to record: an absolute path ending in .cast (the CLI resolves it against its own cwd). */
const recordFileSchema = z
  .string()
  .min(6)
  .max(4096)
  .regex(/\.cast$/, 'a recording file ends in .cast')

export interface BoardInfo {
  readonly version: string
  readonly mode: 'electron' | 'browser'
  readonly socketPath: string | null
  /**
   * The saved workspace: its database, what was wrong with the one found at start, if anything, and
   * the time (ms since the epoch) up to which every pane's screen is saved: what a crash would keep.
   */
  readonly workspace?: { readonly path: string; readonly problem: string | null; readonly screensSavedThrough?: number } | null
  /** The client/daemon protocol (see protocol.ts); absent from boards older than the daemon. */
  readonly protocol?: number
  /** The board's process, when it runs as a daemon that outlives its clients. */
  readonly daemon?: { readonly pid: number; readonly startedAt: number } | null
}

/** A request/response channel: validated arguments, typed result. */
interface InvokeSpec<A extends z.ZodTuple, R> {
  readonly args: A
  /** Phantom: carries the result type only. */
  readonly result?: R
}
function invoke<A extends z.ZodTuple>(args: A) {
  return { returns: <R>(): InvokeSpec<A, R> => ({ args }) }
}

export const Invoke = {
  'board:info': invoke(z.tuple([])).returns<BoardInfo>(),
  'pane:list': invoke(z.tuple([])).returns<PaneInfo[]>(),
  'pane:get': invoke(z.tuple([paneIdSchema])).returns<PaneInfo>(),
  'pane:create': invoke(z.tuple([createPaneRequestSchema])).returns<PaneInfo>(),
  'pane:write': invoke(z.tuple([paneIdSchema, z.string().max(ContractLimits.maxWriteChars)])).returns<void>(),
  'pane:resize': invoke(z.tuple([paneIdSchema, colsSchema, rowsSchema])).returns<void>(),
  /** Hang up the pane's process group, hard-kill after a grace period. The pane stays listed. */
  'pane:kill': invoke(z.tuple([paneIdSchema])).returns<void>(),
  /** Kill if needed and forget the pane. */
  'pane:remove': invoke(z.tuple([paneIdSchema])).returns<void>(),
  /** The pane's changes since it started: per-file counts and the diff. */
  'pane:changes': invoke(z.tuple([paneIdSchema])).returns<PaneChangesDetail>(),
  /** Would removing the pane's worktree lose work? (uncommitted files, commits not in its base). */
  'worktree:check': invoke(z.tuple([paneIdSchema])).returns<WorktreeCheck>(),
  /**
   * Removes the pane's worktree folder and branch, then forgets the pane (killing it if needed).
   * Refused, with nothing changed (error `unsafe`), when work would be lost, unless `force`.
   */
  'worktree:remove': invoke(z.tuple([paneIdSchema, z.object({ force: z.boolean() }).strict()])).returns<void>(),
  'pane:screen': invoke(z.tuple([paneIdSchema])).returns<ScreenSnapshot>(),
  'pane:explain': invoke(z.tuple([paneIdSchema])).returns<PaneExplanation>(),
  /** Start receiving `pane:data` for this pane; returns the mirror serialized up to that point. */
  'pane:attach': invoke(z.tuple([paneIdSchema])).returns<AttachSnapshot>(),
  'pane:detach': invoke(z.tuple([paneIdSchema])).returns<void>(),
  /** The dialog on screen now, read fresh, with the fingerprint an answer must carry. */
  'pane:dialog': invoke(z.tuple([paneIdSchema])).returns<DialogSnapshot>(),
  /** The guarded answer: re-checks the live verdict and dialog, then writes (line, then Enter apart). */
  'pane:answer': invoke(z.tuple([paneIdSchema, answerRequestSchema])).returns<AnswerResult>(),
  /**
   * Whether the program took the line of that answer (`delivery` of its result): resolves at its
   * echo or the agent starting work, or after a few seconds of neither; null for a delivery the
   * board does not know (another pane's, or long gone).
   */
  'pane:delivery': invoke(z.tuple([paneIdSchema, z.number().int().min(1)])).returns<Delivery | null>(),
  /** Keystrokes typed into a terminal view, through the type-ahead guard (see core/answer/typeAhead). */
  'pane:type': invoke(z.tuple([paneIdSchema, z.string().max(ContractLimits.maxWriteChars), seenVerdictSchema])).returns<TypeResult>(),
  /** Starts recording the pane (asciicast v2 + reports + process signals) until stopped, the pane exits, or this client disconnects. */
  'pane:record': invoke(z.tuple([paneIdSchema, recordFileSchema])).returns<RecordingInfo>(),
  'pane:record-stop': invoke(z.tuple([paneIdSchema])).returns<RecordingInfo>(),
  /** A ground-truth marker `state:LABEL` in the pane's recording (LABEL: blocked, idle, reply-question…). */
  'pane:mark': invoke(z.tuple([paneIdSchema, z.string().min(1).max(32)])).returns<void>(),
  /** The panes' order (sidebar and grid), kept in main so every client shows the same. Unknown ids are ignored; panes not named keep their order after the named ones. */
  'board:reorder': invoke(z.tuple([z.array(paneIdSchema).max(10_000)])).returns<PaneId[]>(),
  /**
   * Runs a pane that is not running again in its place: an agent resumes its session, a shell
   * restarts in its cwd; the settings' environment is applied again and `env` goes on top (what
   * the saved workspace did not keep). The info's `missingEnv` names what it still lacks.
   */
  'pane:resume': invoke(z.tuple([paneIdSchema, z.object({ env: envSchema.optional() }).strict().optional()])).returns<PaneInfo>(),
  /** Ends the pane's program if it runs and starts it again (same command, cwd, env; an agent resumes its session). */
  'pane:restart': invoke(z.tuple([paneIdSchema])).returns<PaneInfo>(),
  /** The pane's state history (verdicts with their evidence and times); it survives restarts of the board. */
  'pane:history': invoke(z.tuple([paneIdSchema])).returns<StateHistoryEntry[]>(),
  /** The layout the renderer saved last (it lives in the renderer; main keeps it with the workspace). */
  'workspace:layout': invoke(z.tuple([])).returns<SavedLayout | null>(),
  'workspace:save-layout': invoke(z.tuple([savedLayoutSchema])).returns<void>(),
  /** The agents in force (shipped and the user's own folders) and the problems of the last reload. */
  'agents:list': invoke(z.tuple([])).returns<AgentList>(),
  'settings:get': invoke(z.tuple([])).returns<SettingsSnapshot>(),
  'settings:set': invoke(z.tuple([settingsSchema])).returns<SettingsSnapshot>(),
  /** Creates the rule override folder if needed and opens it where the host can (Electron). */
  'settings:open-rules-folder': invoke(z.tuple([])).returns<OpenFolderResult>(),
  /** What every client shows alike: unseen finished turns, pending program alerts, each pane's notification mode. */
  'attention:get': invoke(z.tuple([])).returns<AttentionSnapshot>(),
  /** The pane's own notification mode (null: back to its agent's, from the settings). */
  'pane:notify-mode': invoke(z.tuple([paneIdSchema, z.enum(NOTIFY_MODES).nullable()])).returns<AttentionSnapshot>(),
} as const satisfies Record<string, InvokeSpec<z.ZodTuple, unknown>>

/** Fire-and-forget channels: no reply, so a flood of them never waits on a round trip. */
/** What a client looks at (ClientView): the daemon's notification policy decides from every client's. */
export const clientViewSchema = z.object({ focused: z.boolean(), visible: z.array(paneIdSchema).max(16), canNotify: z.boolean() }).strict()

export const Send = {
  /** The client has rendered this many chars of `pane:data`: flow control credit. */
  'pane:ack': z.tuple([paneIdSchema, z.number().int().min(0).max(Number.MAX_SAFE_INTEGER)]),
  /** What this client shows now and whether it can notify; sent whenever that changes. */
  'client:view': z.tuple([clientViewSchema]),
} as const satisfies Record<string, z.ZodTuple>

export interface PaneData {
  readonly paneId: PaneId
  readonly data: string
  /**
   * The client fell too far behind and skipped output: reset the terminal, then write `data`, a
   * fresh serialized snapshot of the pane (at the pane's current size). Acknowledge it like data.
   */
  readonly resync?: true
}

/** Main → client events. Main is trusted, so these are typed, not validated. */
export interface EventMap {
  'pane:data': PaneData
  'pane:changed': PaneInfo
  'pane:removed': { readonly paneId: PaneId }
  'pane:state': StateChange
  /** The pane's program raised a notification of its own (OSC 9/777/99, the bell). */
  'pane:alert': PaneAlert
  /** The panes' order changed (a pane was dragged in some client's sidebar). */
  'board:order': { readonly order: readonly PaneId[] }
  /** Unseen turns, pending alerts or modes changed (every client). */
  'attention:changed': AttentionSnapshot
  /** Raise this desktop notification: sent to one client only, the one the user was at last. */
  'notify:show': NotificationIntent
  /** "While you were away": to the client the user came back to, once. */
  'notify:away': AwaySummary
}

/** Every event, once: a new one cannot be left out of what the Electron bridge and preload forward. */
const EVENTS: { readonly [E in keyof EventMap]: true } = {
  'pane:data': true,
  'pane:changed': true,
  'pane:removed': true,
  'pane:state': true,
  'pane:alert': true,
  'board:order': true,
  'attention:changed': true,
  'notify:show': true,
  'notify:away': true,
}
export const EVENT_CHANNELS = Object.keys(EVENTS) as (keyof EventMap)[]

/** Events addressed to one client (its own terminal data, its notifications), not to the board's stream. */
export const CLIENT_EVENTS = ['pane:data', 'notify:show', 'notify:away'] as const satisfies readonly (keyof EventMap)[]
export type ClientEventChannel = (typeof CLIENT_EVENTS)[number]

export type InvokeChannel = keyof typeof Invoke
export type SendChannel = keyof typeof Send
export type EventChannel = keyof EventMap
/** The board's stream, to every client: all events but those addressed to one client (CLIENT_EVENTS). */
export type BoardEvent = { [E in EventChannel]: { channel: E; payload: EventMap[E] } }[Exclude<EventChannel, ClientEventChannel>]
export type InvokeArgs<C extends InvokeChannel> = z.infer<(typeof Invoke)[C]['args']>
export type InvokeResult<C extends InvokeChannel> = Exclude<(typeof Invoke)[C]['result'], undefined>
export type SendArgs<C extends SendChannel> = z.infer<(typeof Send)[C]>

export const INVOKE_CHANNELS = Object.keys(Invoke) as InvokeChannel[]
export const SEND_CHANNELS = Object.keys(Send) as SendChannel[]

export function isInvokeChannel(name: unknown): name is InvokeChannel {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(Invoke, name)
}
export function isSendChannel(name: unknown): name is SendChannel {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(Send, name)
}

/** The client-side API: one method per invoke channel, one per send channel, one subscription. */
export type BoardApi = {
  invoke<C extends InvokeChannel>(channel: C, ...args: InvokeArgs<C>): Promise<InvokeResult<C>>
  send<C extends SendChannel>(channel: C, ...args: SendArgs<C>): void
  on<E extends EventChannel>(event: E, listener: (payload: EventMap[E]) => void): () => void
}
