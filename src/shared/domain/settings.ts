/**
 * The user's settings: one JSON file in the platform's config dir, validated with this schema on
 * every read (a hand-edited file can hold anything) and on every write from a client.
 */
import { z } from 'zod'

export const AGENT_NAMES = ['claude', 'codex', 'opencode', 'pi'] as const
export type AgentName = (typeof AGENT_NAMES)[number]

const alertLevel = z.enum(['alert', 'quiet', 'off'])

const agentLaunchSchema = z
  .object({
    /** Empty: the agent's name, found on PATH. */
    executable: z.string().max(4096).default(''),
    /** Arguments added before the user's own on every launch. */
    args: z.array(z.string().max(4096)).max(64).default([]),
  })
  .strict()

const notificationsSchema = z
  .object({
    blocked: alertLevel.default('alert'),
    question: alertLevel.default('alert'),
    asked: alertLevel.default('quiet'),
    finished: alertLevel.default('off'),
    /** Seconds to wait before notifying; a pane answered or looked at meanwhile raises nothing. */
    graceSeconds: z.number().min(0).max(600).default(0),
  })
  .strict()

const appearanceSchema = z
  .object({
    theme: z.enum(['system', 'light', 'dark']).default('system'),
    /** Terminal font size in px. */
    fontSize: z.number().int().min(9).max(28).default(13),
  })
  .strict()

// `prefault` (not `default`): a missing section is parsed, so its fields get their defaults too.
export const settingsSchema = z
  .object({
    notifications: notificationsSchema.prefault({}),
    agents: z
      .object(Object.fromEntries(AGENT_NAMES.map((name) => [name, agentLaunchSchema.prefault({})])) as Record<AgentName, z.ZodPrefault<typeof agentLaunchSchema>>)
      .strict()
      .prefault({}),
    appearance: appearanceSchema.prefault({}),
    sessions: z
      .object({
        /**
         * On start, resume the panes the last board left running (agents in their sessions, shells
         * in their cwd) instead of waiting for a Resume click. Other commands always wait.
         */
        resumeOnStart: z.boolean().default(false),
      })
      .strict()
      .prefault({}),
  })
  .strict()

export type Settings = z.infer<typeof settingsSchema>

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
