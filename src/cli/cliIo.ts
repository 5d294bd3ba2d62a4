import type { AttachTerminal } from './attachCommand'

/** What a CLI command reads and writes: its output streams, environment and folder (its own file: the commands and runCli share it with no import loop). */
export interface CliIo {
  readonly out: (text: string) => void
  readonly err: (text: string) => void
  readonly env: NodeJS.ProcessEnv
  readonly cwd: string
  /** Resolves when the user interrupts (Ctrl-C) a streaming command. */
  readonly interrupted: Promise<void>
  /** The daemon's script (out/main/daemon.js), to start one on demand; without it, none is started. */
  readonly daemonScript?: string
  /** Opens a URL in the user's browser (default: xdg-open / open). */
  readonly openUrl?: (url: string) => Promise<void>
  /** The terminal `attach` takes over (the process's stdin and stdout). */
  readonly terminal?: AttachTerminal
}
