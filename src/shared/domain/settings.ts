/**
 * The user's settings: one JSON file in the platform's config dir, validated with this schema on
 * every read (a hand-edited file can hold anything) and on every write from a client.
 */
import { z } from 'zod'
import { agentIdSchema } from './agents'
import { NOTIFY_MODES } from './attention'
import { sshDestinationSchema } from './sshDestination'

/** Environment names as a shell accepts them. */
export const ENV_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/

/**
 * The board's own variables (a pane's id and control token, the socket, the report URL and
 * token, the reaper's tag): the board sets them for each pane, and nothing a launch or a setting
 * names may replace them: `--env SWITCHBOARD_BOARD_TAG=...` let a pane's jobs escape the reaper.
 */
export const BOARD_ENV = /^SWITCHBOARD_/
export const BOARD_ENV_MESSAGE = "SWITCHBOARD_ variables are the board's own (pane identity, socket, report token, reaper tag); a launch cannot set them"
const envName = z.string().regex(ENV_NAME_PATTERN, 'environment names are letters, digits and _')

const alertLevel = z.enum(['alert', 'quiet', 'off'])

export const agentLaunchSchema = z
  .object({
    /** Empty: the agent's name, found on PATH. */
    executable: z.string().max(4096).default(''),
    /** Arguments added before the user's own on every launch. */
    args: z.array(z.string().max(4096)).max(64).default([]),
    /** Variables added to the agent's environment on every launch (before a launch's own). */
    env: z.record(envName, z.string().max(4096)).default({}),
  })
  .strict()

/** A saved launch: "claude, plan mode", "codex, full auto". Offered in the new-pane form and `spawn --preset`. */
export const launchPresetSchema = z
  .object({
    name: z.string().trim().min(1).max(80),
    agent: agentIdSchema,
    /** Added after the agent's default arguments. */
    args: z.array(z.string().max(4096)).max(64).default([]),
    env: z.record(envName, z.string().max(4096)).default({}),
    /** Empty: the directory the launch names, else the board's. */
    cwd: z.string().max(4096).default(''),
    /** Shell commands run one by one in a new worktree before the agent starts (copy `.env`, install dependencies). */
    setup: z.array(z.string().min(1).max(4096)).max(32).default([]),
    /** Start it in its own worktree by default. */
    worktree: z.boolean().default(false),
    /** Run it on another machine (an ssh destination); '' for this one. */
    host: z.union([z.literal(''), sshDestinationSchema]).default(''),
  })
  .strict()
export type LaunchPreset = z.infer<typeof launchPresetSchema>

const worktreesSchema = z
  .object({
    /** Where new worktrees go: `<folder>/<repo>/<branch>`. Empty: beside the repo, in `<repo>.worktrees/<branch>`. */
    folder: z.string().max(4096).default(''),
  })
  .strict()

const notificationsSchema = z
  .object({
    blocked: alertLevel.default('alert'),
    question: alertLevel.default('alert'),
    /** A plain program waits for what you type (a `[y/N]`, a password): quiet, it may be your own `cat`. */
    input: alertLevel.default('quiet'),
    asked: alertLevel.default('quiet'),
    finished: alertLevel.default('off'),
    /** A program's own notification (OSC 9/777/99, the bell). */
    alert: alertLevel.default('alert'),
    /** Seconds to wait before notifying; a pane answered or looked at meanwhile raises nothing. */
    graceSeconds: z.number().min(0).max(600).default(0),
    /** At most one notification per pane and kind within this many seconds (seeds/001: 30 s); 0: every time. */
    cooldownSeconds: z.number().int().min(0).max(3600).default(30),
    /**
     * Per agent (`claude`, `codex`, …, and `shell` for any other program): `all`, `attention` (only
     * what stops its work: dialogs, questions, input, replies that ask) or `none`. Absent: `all`.
     * A pane's own mode (its header menu) comes first.
     */
    agentModes: z
      .record(z.string().regex(/^[a-z][a-z0-9-]{0,31}$/, 'an agent name like "claude", or "shell"'), z.enum(NOTIFY_MODES))
      .refine((m) => Object.keys(m).length <= 64, 'too many agents')
      .default({}),
    /** "While you were away": a summary on return after this many seconds at no window or tab; 0: never. */
    awaySummarySeconds: z.number().int().min(0).max(86_400).default(60),
    /** The board's own sound (WebAudio tones) with each kind's notification; all off by default. */
    sounds: z
      .object({
        blocked: z.boolean().default(false),
        question: z.boolean().default(false),
        input: z.boolean().default(false),
        asked: z.boolean().default(false),
        finished: z.boolean().default(false),
        alert: z.boolean().default(false),
      })
      .strict()
      .prefault({}),
  })
  .strict()

const appearanceSchema = z
  .object({
    theme: z.enum(['system', 'light', 'dark']).default('system'),
    /** Terminal font size in px. */
    fontSize: z.number().int().min(9).max(28).default(13),
  })
  .strict()

/** The modifiers every board shortcut uses; the rest of the keyboard belongs to the pane's program. */
export const SHORTCUT_PREFIXES = ['Alt', 'Ctrl+Alt', 'Alt+Shift', 'Ctrl+Shift'] as const
export type ShortcutPrefix = (typeof SHORTCUT_PREFIXES)[number]

const shortcutsSchema = z
  .object({
    prefix: z.enum(SHORTCUT_PREFIXES).default('Alt'),
    /** Command id (see the shortcut sheet) → the KeyboardEvent.code that runs it instead of its default, e.g. `{"terminal": "KeyE"}`. */
    keys: z
      .record(z.string().regex(/^[a-z-]{1,32}$/, 'a command id like "terminal"'), z.string().regex(/^[A-Za-z0-9]{1,32}$/, 'a key code like "KeyE"'))
      .refine((k) => Object.keys(k).length <= 64, 'too many key overrides')
      .default({}),
  })
  .strict()

const securitySchema = z
  .object({
    /**
     * What a program inside a pane may do over the control socket: `own` — read its own pane only
     * (state, screen, evidence); `board` — everything the user's own terminal can (list, read and
     * type into every pane, spawn, kill).
     */
    paneControl: z.enum(['own', 'board']).default('own'),
  })
  .strict()

// `prefault` (not `default`): a missing section is parsed, so its fields get their defaults too.
export const settingsSchema = z
  .object({
    notifications: notificationsSchema.prefault({}),
    /** Per agent id (shipped or the user's own): executable, default arguments, environment. An agent not named uses its own command. */
    agents: z
      .record(agentIdSchema, agentLaunchSchema)
      .refine((a) => Object.keys(a).length <= 128, 'settings for at most 128 agents')
      .default({}),
    appearance: appearanceSchema.prefault({}),
    security: securitySchema.prefault({}),
    presets: z
      .array(launchPresetSchema)
      .max(100)
      .default([])
      .refine((list) => new Set(list.map((p) => p.name)).size === list.length, 'two presets have the same name'),
    worktrees: worktreesSchema.prefault({}),
    shortcuts: shortcutsSchema.prefault({}),
    remote: z
      .object({
        /**
         * The ssh command panes on other machines are reached with (`spawn --host`), split into
         * words like GIT_SSH_COMMAND; empty: `ssh`. $SWITCHBOARD_SSH_COMMAND comes before it.
         */
        sshCommand: z.string().max(4096).default(''),
      })
      .strict()
      .prefault({}),
    sessions: z
      .object({
        /**
         * On start, resume the panes the last board left running (agents in their sessions, shells
         * in their cwd) instead of waiting for a Resume click. Other commands always wait.
         */
        resumeOnStart: z.boolean().default(false),
        /**
         * What quitting the Electron app does to the board, which runs on as a daemon: ask each
         * time, keep the agents running, or end every pane (they come back interrupted next start).
         */
        onQuit: z.enum(['ask', 'keep', 'end']).default('ask'),
      })
      .strict()
      .prefault({}),
  })
  .strict()

export type Settings = z.infer<typeof settingsSchema>
export type AgentLaunchSettings = z.infer<typeof agentLaunchSchema>

/** An agent without settings of its own: its command as its folder says. */
export const NO_AGENT_SETTINGS: AgentLaunchSettings = { executable: '', args: [], env: {} }

/** The settings for one agent (defaults when it has none). */
export function agentSettings(settings: Settings, agent: string): AgentLaunchSettings {
  return Object.prototype.hasOwnProperty.call(settings.agents, agent) ? settings.agents[agent]! : NO_AGENT_SETTINGS
}

export const DEFAULT_SETTINGS: Settings = settingsSchema.parse({})

export interface SettingsSnapshot {
  readonly settings: Settings
  /** The settings file. */
  readonly path: string
  /** The folder the user's screen-rule overrides live in. */
  readonly rulesDir: string
  /** Set when the file could not be used: what is wrong with it; the defaults are in effect. */
  readonly error: string | null
}

export interface OpenFolderResult {
  readonly path: string
  /** False where the host cannot open folders (browser mode: the board may run on another machine). */
  readonly opened: boolean
}
