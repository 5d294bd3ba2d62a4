import { homedir } from 'node:os'
import { isAbsolute, join, resolve } from 'node:path'

/**
 * Where the board keeps its data (the saved workspace): `SWITCHBOARD_DATA_DIR` when set (tests,
 * portable setups), else the platform's place for application data. Not the config dir: data is
 * what the board writes by itself, config is what the user edits.
 */
export function dataDir(
  env: Readonly<Record<string, string | undefined>> = process.env,
  platform: string = process.platform,
  home: string = homedir(),
): string {
  if (env.SWITCHBOARD_DATA_DIR) return resolve(env.SWITCHBOARD_DATA_DIR)
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', 'Switchboard')
  if (platform === 'win32') return join(env.LOCALAPPDATA || join(home, 'AppData', 'Local'), 'Switchboard')
  // The XDG spec: a relative XDG_DATA_HOME is invalid and must be ignored.
  const xdg = env.XDG_DATA_HOME && isAbsolute(env.XDG_DATA_HOME) ? env.XDG_DATA_HOME : join(home, '.local', 'share')
  return join(xdg, 'switchboard')
}
