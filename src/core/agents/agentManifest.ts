/**
 * An agent as its folder describes it (resources/agents/<id>/agent.toml, or a user's
 * `<config>/agents/<id>/agent.toml`): data only, validated by main (src/board/agents/manifestSchema.ts)
 * and turned into what the core uses (knowledgeOf) and what main launches (src/board/agents/profile.ts).
 * The folder format is documented in resources/agents/README.md.
 */
import type { DialogInfo } from '../../shared/domain/pane'
import type { AgentReportTable, FieldTest } from './reportTable'

/** A key the status engine tells apart in the user's input (never the text typed): a digit is an option's number. */
export type AnswerKey = 'enter' | 'escape' | 'digit'

/**
 * How the user answers an agent's dialogs in its terminal, and how the agent redraws them after,
 * for the status (answering from the board is dialogKeys): from such a key on, the pane no longer
 * waits for the user, though the agent has not taken the dialog off the screen yet
 * (core/status/dialogAnswer.ts). Only what was measured on the real CLI (agent.toml's `[answer_keys]`).
 */
export interface DialogAnswers {
  /**
   * The keys that hand the user's choice to the agent, by dialog kind: Enter takes the highlighted
   * option, a digit the option of that number (not a free-text one, which opens an input), Esc
   * cancels the dialog (the pane goes back to its prompt). In a dialog of check boxes Enter and the
   * digits toggle, they never answer.
   */
  readonly keys: Readonly<Partial<Record<DialogInfo['kind'], readonly AnswerKey[]>>>
  /**
   * After the key the agent may draw the dialog it answered again before taking it away (OpenCode
   * 1.18.33 after confirming "Allow always"): a dialog answered in this episode stays answered when
   * drawn again. Otherwise only frames not redrawn since the key are stale, and whatever the agent
   * draws next (the next question of several, a confirmation) asks again at its first frame.
   */
  readonly redrawsAnswered: boolean
  /**
   * Rule ids of dialogs the agent asks at most once per start (Gemini CLI's folder trust box):
   * once answered, the same dialog on screen again is the answered one left drawn, however long,
   * through the agent's own work frames (Gemini's "restarting", then the new process erasing that
   * line under the old box), until the screen shows something else (its prompt).
   */
  readonly askedOnce?: readonly string[]
}

/** How an agent shows a paste it has read (AgentKnowledge.pasteEcho; the manifest's `[paste_echo]`). */
export interface PasteEcho {
  /** Its newline-after-paste window (ms, from when it read the paste). */
  readonly windowMs: number
  /** A paste longer than this (characters or lines) is shown as `placeholder` instead of its text. */
  readonly placeholder: { readonly overChars: number; readonly overLines: number; readonly shows: string }
}

/** Shipped with the board (resources/agents) or the user's own (config dir `agents/`). */
export type AgentSource = 'shipped' | 'user'

/** How the installed version is read, for `switchboard agents` (bounded in time, no network). */
export interface VersionProbe {
  /** The npm package the executable resolves into (through its symlinks): its package.json version. No process runs. */
  readonly npm?: string
  /** The Python distribution the executable belongs to (a venv's bin/): its dist-info version. No process runs. */
  readonly pypi?: string
  /** Otherwise: the executable is run with these arguments, stdin closed, and `pattern` read from its output. */
  readonly args?: readonly string[]
  /** Regex source with the version in group `version` or group 1; default: the first `1.2.3`. */
  readonly pattern?: string
}

/** A report that opens a dialog: the event, and conditions on its payload. */
export interface ReportCondition {
  readonly event: string
  readonly when?: readonly FieldTest[]
}

/** How reporting is injected into one launch (the data part; `launch.ts` is the code part). */
export interface LaunchData {
  /** Files of the agent's folder the launch needs (its plugin): checked when the folder loads. */
  readonly files: readonly string[]
  /** Pass the token in a 0600 file instead of a variable (agents that copy their environment to disk). */
  readonly tokenInFile: boolean
  /** Reports that open a dialog: the pane's marker file exists from one of them to the next report (gated hooks). */
  readonly promptOpens: readonly ReportCondition[]
  /**
   * Without `launch.ts`: arguments put before the user's, and variables added. Templates:
   * `{folder}` (the agent's folder), `{resources}`, `{report_url}`, `{reporter}`, `{reporter_gated}`,
   * `{launch_dir}` (the launch's private directory).
   */
  readonly args: readonly string[]
  readonly env: Readonly<Record<string, string>>
}

/** How the agent continues a conversation by its session id. */
export interface ResumeData {
  /** Arguments right after the executable; `{session}` is the session id. The user's own follow. */
  readonly args: readonly string[]
  /**
   * Where the agent keeps a session's conversation, when it is known: a resume of a session with
   * nothing saved there fails in the agent ("No conversation found"), so the board starts afresh.
   */
  readonly transcript?: TranscriptData
  readonly verifiedOn: string
}

export interface TranscriptData {
  /** The agent's own folder: the variable that names it, else `default` (`~/` is HOME). */
  readonly dirEnv?: string
  readonly dir: string
  /** Under that folder; `*` is any one folder, `{session}` the id. */
  readonly path: readonly string[]
  /** A line that only a saved message has (a transcript of metadata only resumes nothing). */
  readonly messageMarks: readonly string[]
}

/** The body a reporter posts: the hook's own stdin JSON (`hook_event_name`), or our plugin's `{event, payload}`. */
export const PAYLOAD_FORMATS = ['hook', 'plugin'] as const
export type PayloadFormat = (typeof PAYLOAD_FORMATS)[number]

/** The keys that answer the agent's dialogs from the board (DialogKeyTable, with its regex as text). */
export interface DialogKeyData {
  readonly digitKinds: readonly DialogInfo['kind'][]
  readonly deny: string | null
  readonly freeText?: string
  readonly optionLabels?: readonly string[]
  readonly arrows?: { readonly down: string; readonly up: string; readonly enter: string }
}

export interface AgentManifest {
  readonly id: string
  /** How the UI names it. */
  readonly name: string
  readonly source: AgentSource
  /** The agent's folder (absolute). */
  readonly folder: string
  /** The command run when the settings name no executable: its program name also recognises the agent in a command line. */
  readonly command: readonly string[]
  /** Regex sources: paths in a launcher's argv that name the agent (`node …/@openai/codex/bin/codex.js`). */
  readonly packageHints: readonly string[]
  /** The versions this manifest (reports, keys, launch) was checked on; null for a user agent that says none. */
  readonly verifiedOn: string | null
  readonly version: VersionProbe | null
  /** Null: launched as typed, no reporting. */
  readonly launch: LaunchData | null
  /** Null with `reports`: the agent reports nothing. */
  readonly payload: PayloadFormat | null
  readonly reports: AgentReportTable | null
  readonly dialogKeys: DialogKeyData | null
  readonly answers: DialogAnswers | null
  /** Null: any Enter after a paste submits (AgentKnowledge.pasteEcho). */
  readonly pasteEcho: PasteEcho | null
  readonly resume: ResumeData | null
  /** The OSC number of the agent's own state sequence, parsed by the folder's `terminal.ts`. */
  readonly terminalOsc: number | null
}
