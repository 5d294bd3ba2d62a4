import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import type { ResumeData, TranscriptData } from '../../core/agents/agentManifest'
import { isSessionId } from '../../shared/domain/sessionId'
import { readRegularFile, UnsafeFileError } from '../util/safeFiles'

/** A transcript this long holds messages; the board reads no more of it (the daemon's thread). */
const TRANSCRIPT_READ_BYTES = 1 << 20

/**
 * How an agent continues a conversation by its session id is data of its folder (agent.toml's
 * `[resume]`, with the version it was verified on: the real CLI's `--help`, and a resumed turn
 * against the fake model servers in test/agents). The resume arguments go first; the user's own
 * arguments follow unchanged.
 */
export type { ResumeData }

/** The resume arguments with the session id in place of `{session}`. */
export function resumeArgs(resume: ResumeData, sessionId: string): string[] {
  return resume.args.map((a) => a.replaceAll('{session}', sessionId))
}

/**
 * The command that resumes `argv` (the pane's command as the user gave it) in session
 * `sessionId`, for an agent whose manifest says how (`resume`); null when there is nothing to resume.
 * The id is checked again here, where it meets the argv: one saved by an older board, or read from
 * a damaged database, that could pass for an option (`--dangerously-skip-permissions`) resumes nothing.
 */
export function resumeCommand(resume: ResumeData | null | undefined, argv: readonly string[], sessionId: string | null): string[] | null {
  if (!resume || !isSessionId(sessionId) || !argv.length) return null
  const [executable, ...userArgs] = argv
  return [executable!, ...resumeArgs(resume, sessionId), ...userArgs]
}

/** Each agent's `[resume]`, by id: what a pane restored from the workspace resumes with. */
export type ResumeLookup = (agent: string | null) => ResumeData | null

/**
 * Whether the agent saved a conversation for `sessionId` where its manifest says it keeps them;
 * null when the manifest does not say (then a resume is tried as before). A session whose program
 * never got an answer (no key: "Not logged in") and was killed before it wrote one has an id but
 * nothing to resume, and `claude --resume` of it only prints "No conversation found".
 */
export function sessionSaved(transcript: TranscriptData | undefined, env: Readonly<Record<string, string | undefined>>, sessionId: string): boolean | null {
  if (!transcript) return null
  const home = env.HOME ?? ''
  const named = transcript.dirEnv ? env[transcript.dirEnv] : undefined
  const dir = named || (transcript.dir.startsWith('~/') ? join(home, transcript.dir.slice(2)) : transcript.dir)
  const segments = transcript.path.map((p) => p.replaceAll('{session}', sessionId))
  return candidates(dir, segments).some((file) => {
    try {
      // Regular files only: a FIFO planted there must not stall the board.
      const text = readRegularFile(file, TRANSCRIPT_READ_BYTES)
      return transcript.messageMarks.some((mark) => text.includes(mark))
    } catch (err) {
      return err instanceof UnsafeFileError && err.code === 'EFBIG'
    }
  })
}

function candidates(dir: string, segments: readonly string[]): string[] {
  const [first, ...rest] = segments
  if (first === undefined) return [dir]
  if (first !== '*') return candidates(join(dir, first), rest)
  let names: string[]
  try {
    names = readdirSync(dir)
  } catch {
    return []
  }
  return names.flatMap((name) => candidates(join(dir, name), rest))
}
