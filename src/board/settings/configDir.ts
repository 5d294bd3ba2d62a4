import { homedir } from 'node:os'
import { isAbsolute, join, resolve } from 'node:path'

/**
 * The board's config dir: `SWITCHBOARD_CONFIG_DIR` when set (tests, portable setups), else the
 * platform's place for it. The same dir the status engine reads rule overrides from (`rules/`).
 */
export function configDir(
  env: Readonly<Record<string, string | undefined>> = process.env,
  platform: string = process.platform,
  home: string = homedir(),
): string {
  if (env.SWITCHBOARD_CONFIG_DIR) return resolve(env.SWITCHBOARD_CONFIG_DIR)
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', 'Switchboard')
  if (platform === 'win32') return join(env.APPDATA || join(home, 'AppData', 'Roaming'), 'Switchboard')
  // The XDG spec: a relative XDG_CONFIG_HOME is invalid and must be ignored.
  const xdg = env.XDG_CONFIG_HOME && isAbsolute(env.XDG_CONFIG_HOME) ? env.XDG_CONFIG_HOME : join(home, '.config')
  return join(xdg, 'switchboard')
}
