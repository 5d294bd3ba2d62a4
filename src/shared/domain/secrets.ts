/**
 * Which environment variables may hold a secret, by name: the board never saves their values with
 * the workspace (src/board/workspace/persistEnv.ts) and never shows them (the settings and the
 * new-pane form mask them). One list for both.
 */
const SECRET_NAME = /TOKEN|KEY|SECRET|PASS|AUTH|CREDENTIAL|COOKIE|SESSION/i

export function looksSecret(name: string): boolean {
  return SECRET_NAME.test(name)
}

/** How a secret value is shown: never the value, only that there is one. */
export const MASK = '••••••••'

/** `NAME=value` for display, with the value of a secret name masked. */
export function displayEnvEntry(name: string, value: string): string {
  return `${name}=${looksSecret(name) ? MASK : value}`
}
