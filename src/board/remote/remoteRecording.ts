/**
 * Recording a pane of another machine: the board there records it (next to the program, where its
 * reports and process signals are), into its own data folder; when the recording stops, the three
 * files are copied here over ssh to the place the user named, and removed there. What is pure of
 * that lives here: where the board there writes, and the remote commands that fetch and remove.
 */
import { posix } from 'node:path'
import type { PaneId } from '../../shared/domain/pane'
import { recordingFiles, type RecordingFiles } from '../record/recordingFiles'

/**
 * Where the board there records one of its panes for this board: beside its workspace database
 * (its data folder: the remote user's own, not a shared /tmp), under a name that says what it is.
 * `workspacePath` is that board's `board:info().workspace.path`.
 */
export function remoteRecordingFiles(workspacePath: string, remoteId: PaneId, stamp: string): RecordingFiles {
  if (!posix.isAbsolute(workspacePath)) throw new Error(`the board there names no absolute data folder (${JSON.stringify(workspacePath)})`)
  const safeStamp = stamp.replace(/[^0-9A-Za-z-]/g, '-')
  return recordingFiles(posix.join(posix.dirname(workspacePath), `remote-recording-pane${remoteId}-${safeStamp}.cast`))
}

/** One word for a POSIX shell, whatever it holds: '…', a ' inside closed, escaped and reopened. */
export function shellQuote(word: string): string {
  return `'${word.replace(/'/g, `'\\''`)}'`
}

/** The remote command that prints one file (run by the remote user's shell, whichever it is: `cat` parses alike). */
export function catCommand(path: string): string {
  return `cat -- ${shellQuote(path)}`
}

/** The remote command that removes the recording's files there once they are here. */
export function removeCommand(files: RecordingFiles): string {
  return `rm -f -- ${[files.cast, files.hooks, files.process].map(shellQuote).join(' ')}`
}

/**
 * What a recording holds, counted from its files: for one whose summary the board there no longer
 * has (its pane was closed there before the stop). Events are the cast's lines after its header.
 */
export function countRecording(cast: string, hooks: string): { seconds: number; events: number; reports: number } {
  const lines = cast.split('\n').filter((l) => l.trim() !== '')
  let seconds = 0
  for (const line of lines.slice(1)) {
    try {
      const t = (JSON.parse(line) as unknown[])[0]
      if (typeof t === 'number') seconds = Math.max(seconds, t)
    } catch {
      // A line cut short (the recording ended mid-write): not an event.
    }
  }
  return { seconds, events: Math.max(0, lines.length - 1), reports: hooks.split('\n').filter((l) => l.trim() !== '').length }
}
