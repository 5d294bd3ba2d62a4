import { mkdirSync } from 'node:fs'
import type { OpenFolderResult } from '../../shared/domain/settings'

/** Opens a folder in the user's file manager; resolves false when it could not. */
export type FolderOpener = (path: string) => Promise<boolean>

/**
 * Set by a host that can show folders to the user (Electron: `shell.openPath`). Browser mode has
 * none on purpose: the board may run on another machine (an SSH tunnel), so the page shows the
 * path instead of opening a window where nobody sits.
 */
let opener: FolderOpener | null = null

export function setFolderOpener(next: FolderOpener | null): void {
  opener = next
}

/** Creates the folder if needed (a first override starts from an empty folder) and opens it. */
export async function openFolder(path: string): Promise<OpenFolderResult> {
  mkdirSync(path, { recursive: true, mode: 0o700 })
  const opened = opener ? await opener(path).catch(() => false) : false
  return { path, opened }
}
