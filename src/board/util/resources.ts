import { existsSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'

/**
 * The app's `resources/` folder (screen rules, the reporter command, agent plugins):
 * `$SWITCHBOARD_RESOURCES_DIR`; in the packaged app the unpacked copy beside the asar (agents run
 * the reporter as a plain file, which they cannot do inside an asar); in development and tests
 * the first ancestor of this file that has one.
 */
export function findResourcesDir(from: string = __dirname, env: NodeJS.ProcessEnv = process.env): string | null {
  if (env.SWITCHBOARD_RESOURCES_DIR) return resolve(env.SWITCHBOARD_RESOURCES_DIR)
  const packaged = (process as { resourcesPath?: string }).resourcesPath
  if (packaged && existsSync(join(packaged, 'app.asar.unpacked', 'resources'))) return join(packaged, 'app.asar.unpacked', 'resources')
  for (let dir = resolve(from); ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'resources', 'reporter'))) return join(dir, 'resources')
    if (dirname(dir) === dir) return null
  }
}
