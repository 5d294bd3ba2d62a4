import { cpSync, existsSync, lstatSync, mkdirSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * A per-launch home for Gemini CLI whose `.gemini` is the user's own, entry by entry, plus one
 * extension of ours. Gemini CLI 0.61 has no per-launch settings flag; its system settings
 * (GEMINI_CLI_SYSTEM_SETTINGS_PATH, GEMINI_CLI_SYSTEM_DEFAULTS_PATH) are skipped unless the file
 * and every directory above it are owned by root and writable by no one else (measured: "Security
 * Warning: Skipping system settings file … is not owned by root"), so a user's board cannot write
 * one. What it has is GEMINI_CLI_HOME, the directory it takes for `~` when it looks for `.gemini`:
 * pointed at this overlay, it reads the user's settings.json through a symlink (their hooks run,
 * their edits land in their file), keeps its sessions, history and trust in their folders, and
 * loads our extension, whose hooks.json reports to the board, from the overlay's extensions folder.
 */

/** Folders Gemini CLI 0.61 creates in `~/.gemini` on every start (project registry markers). */
const CREATED_AT_START = ['tmp', 'history'] as const

/**
 * Files Gemini CLI 0.61 may create in `~/.gemini` (Storage, FileKeychain, settings, memory): a
 * link to each, present or not, so a first write creates the user's own file, as it would
 * without the board. Writes by rename (projects.json) replace the link instead; adopt() moves
 * such a file home when the user has none yet.
 */
const KNOWN_FILES = [
  'settings.json',
  'state.json',
  'projects.json',
  'installation_id',
  'google_accounts.json',
  'oauth_creds.json',
  'gemini-credentials.json',
  'mcp-oauth-tokens.json',
  'a2a-oauth-tokens.json',
  'trusted_hooks.json',
  'keybindings.json',
  'policy_integrity.json',
  'GEMINI.md',
  '.env',
] as const

/** Home-level entries Gemini CLI reads through its `~` besides `.gemini`. */
const HOME_ENTRIES = ['.agents', '.env'] as const

export interface GeminiHomeOptions {
  /** A private directory of this launch (removed with it). */
  readonly dir: string
  /** The pane's environment (to find the user's own GEMINI_CLI_HOME or HOME). */
  readonly env: Readonly<Record<string, string>>
  /** Our extension: its folder name, and its files (relative path → content) given the folder it goes in. */
  readonly extension: { readonly name: string; files(dir: string): Readonly<Record<string, string>> }
}

export interface GeminiHome {
  /** What the launch adds to the environment. */
  readonly env: Readonly<Record<string, string>>
  /** The user's own `.gemini`. */
  readonly userDir: string
  /** Moves what Gemini CLI created in the overlay (and the user lacks) into the user's `.gemini`. */
  adopt(): void
}

const exists = (path: string) => {
  try {
    lstatSync(path)
    return true
  } catch {
    return false
  }
}

/** The user's home as Gemini CLI sees it: their own GEMINI_CLI_HOME, else HOME. */
export function geminiUserHome(env: Readonly<Record<string, string>>): string | null {
  return env.GEMINI_CLI_HOME || env.HOME || null
}

export function overlayGeminiHome(opts: GeminiHomeOptions): GeminiHome {
  const base = geminiUserHome(opts.env)
  if (!base) throw new Error('neither HOME nor GEMINI_CLI_HOME is set: no ~/.gemini to read the user settings from')
  const userDir = join(base, '.gemini')
  const home = join(opts.dir, 'home')
  const overlay = join(home, '.gemini')
  mkdirSync(join(overlay, 'extensions'), { recursive: true, mode: 0o700 })
  for (const name of CREATED_AT_START) mkdirSync(join(userDir, name), { recursive: true })

  const linked = new Set<string>(['extensions'])
  for (const name of [...readdirSync(userDir), ...KNOWN_FILES]) {
    if (linked.has(name)) continue
    symlinkSync(join(userDir, name), join(overlay, name))
    linked.add(name)
  }
  const userExtensions = join(userDir, 'extensions')
  const extensions = existsSync(userExtensions) ? readdirSync(userExtensions) : []
  for (const name of extensions) {
    if (name !== opts.extension.name) symlinkSync(join(userExtensions, name), join(overlay, 'extensions', name))
  }
  const ours = join(overlay, 'extensions', opts.extension.name)
  for (const [file, content] of Object.entries(opts.extension.files(ours))) {
    mkdirSync(join(ours, file, '..'), { recursive: true, mode: 0o700 })
    writeFileSync(join(ours, file), content, { mode: 0o600 })
  }
  for (const name of HOME_ENTRIES) if (exists(join(base, name))) symlinkSync(join(base, name), join(home, name))

  const env: Record<string, string> = { GEMINI_CLI_HOME: home }
  // Trust decisions are written by rename, which would replace a link: point at the user's file.
  if (!opts.env.GEMINI_CLI_TRUSTED_FOLDERS_PATH) env.GEMINI_CLI_TRUSTED_FOLDERS_PATH = join(userDir, 'trustedFolders.json')

  return {
    env,
    userDir,
    adopt() {
      const moveHome = (from: string, to: string) => {
        if (exists(to)) return
        cpSync(from, to, { recursive: true, preserveTimestamps: true })
        rmSync(from, { recursive: true, force: true })
      }
      for (const name of readdirSync(overlay)) {
        const path = join(overlay, name)
        if (name === 'extensions' || lstatSync(path).isSymbolicLink()) continue
        moveHome(path, join(userDir, name))
      }
      for (const name of readdirSync(join(overlay, 'extensions'))) {
        const path = join(overlay, 'extensions', name)
        if (name === opts.extension.name || lstatSync(path).isSymbolicLink()) continue
        mkdirSync(userExtensions, { recursive: true })
        moveHome(path, join(userExtensions, name))
      }
    },
  }
}
