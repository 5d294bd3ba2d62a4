import { copyFileSync, mkdirSync, readdirSync, symlinkSync } from 'node:fs'
import { join } from 'node:path'
import type { LaunchContext, PreparedLaunch } from '../../../src/core/agents/agentCode'
import { hermesBundledPluginsDir } from './bundledPlugins'

/**
 * Hermes Agent's reporting (verified on 0.19.0, see test/agents/hermes/README.md): a Python plugin
 * of ours (switchboard/, this folder), loaded for this launch as a bundled backend:
 * HERMES_BUNDLED_PLUGINS points at a private copy of the install's bundled-plugins folder (a link
 * per entry, so every bundled plugin stays) with ours added. Hermes loads bundled backends without
 * `plugins.enabled`, so nothing of the user's is touched, and their own plugins and shell hooks run
 * as before.
 *
 * The other ways, measured on 0.19.0, all write the user's files: shell hooks need `hooks:` in
 * config.yaml and record their consent in ~/.hermes/shell-hooks-allowlist.json (also with
 * HERMES_ACCEPT_HOOKS=1); a user plugin needs ~/.hermes/plugins and `plugins.enabled`; a managed
 * scope (HERMES_MANAGED_DIR) pinning `plugins.enabled` replaces the user's list, and Hermes then
 * strips that key from their config.yaml on its next save.
 */

/** Our plugin, in this folder (agent.toml's `launch.files`). */
const PLUGIN_DIR = 'switchboard'
const PLUGIN_FILES = ['plugin.yaml', '__init__.py'] as const
/** Its name in the bundled folder (and in `plugins.disabled`, to switch it off). */
const PLUGIN_NAME = 'switchboard'

/** Null when the install's bundled plugins cannot be found: Hermes is launched as typed, the screen still reads it. */
export function prepareLaunch(ctx: LaunchContext): PreparedLaunch | null {
  const bundled = hermesBundledPluginsDir(ctx.executable, ctx.env)
  if (!bundled) return null
  const dir = join(ctx.dir, 'hermes-plugins')
  mkdirSync(dir, { mode: 0o700 })
  for (const name of readdirSync(bundled)) {
    if (name !== PLUGIN_NAME) symlinkSync(join(bundled, name), join(dir, name))
  }
  // A copy, not a link: Python writes its bytecode beside the plugin, which belongs in the
  // launch's folder, not in the app's resources.
  mkdirSync(join(dir, PLUGIN_NAME))
  for (const f of PLUGIN_FILES) copyFileSync(join(ctx.folder, PLUGIN_DIR, f), join(dir, PLUGIN_NAME, f))
  return { argv: [ctx.executable, ...ctx.userArgs], env: { HERMES_BUNDLED_PLUGINS: dir } }
}
