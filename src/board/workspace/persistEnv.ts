/**
 * Which of a pane's environment overrides are saved with the workspace. A secret must never reach
 * the database (it is a plain file that outlives the session and lands in backups), so anything
 * whose name says it may be one is dropped; the restored pane gets it again from the board's own
 * environment, where the user keeps it. The board's internals (SWITCHBOARD_*: the report token,
 * URL, socket, pane id) belong to one launch and are injected afresh on every launch.
 */
import { looksSecret } from '../../shared/domain/secrets'

const INTERNAL_NAME = /^SWITCHBOARD_/

export function isPersistableEnvName(name: string): boolean {
  return !looksSecret(name) && !INTERNAL_NAME.test(name)
}

export function persistableEnv(env: Readonly<Record<string, string>> | undefined): Record<string, string> {
  const kept: Record<string, string> = {}
  for (const [name, value] of Object.entries(env ?? {})) if (isPersistableEnvName(name)) kept[name] = value
  return kept
}

/** The names of the overrides that are not saved because they may be secrets (the board's own are not counted: it gives them again). */
export function unsavedEnvNames(env: Readonly<Record<string, string>> | undefined): string[] {
  return Object.keys(env ?? {}).filter((name) => looksSecret(name) && !INTERNAL_NAME.test(name))
}
