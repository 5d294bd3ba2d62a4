import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { LaunchContext, PreparedLaunch } from '../../../src/core/agents/agentCode'

/**
 * OpenCode's reporting (verified on 1.18.33, see fixtures/opencode): a plugin of ours
 * (switchboard-plugin.js, this folder), loaded through an extra config for this launch:
 * OPENCODE_CONFIG is merged after the user's global and project config (plugin lists add up), so
 * their own plugins keep running.
 */

/** Our plugin, in this folder (agent.toml's `launch.files`). */
const OPENCODE_PLUGIN = 'switchboard-plugin.js'

export function opencodePluginUrl(folder: string): string {
  return pathToFileURL(join(folder, OPENCODE_PLUGIN)).href
}

export function prepareLaunch(ctx: LaunchContext): PreparedLaunch | null {
  const plugin = opencodePluginUrl(ctx.folder)
  if (!ctx.env.OPENCODE_CONFIG) {
    const file = join(ctx.dir, 'opencode.json')
    // With `$schema` present OpenCode leaves the file alone (it adds the key to any config without it).
    writeFileSync(file, JSON.stringify({ $schema: 'https://opencode.ai/config.json', plugin: [plugin] }, null, 2), { mode: 0o600 })
    return { argv: [ctx.executable, ...ctx.userArgs], env: { OPENCODE_CONFIG: file } }
  }
  // The user points OPENCODE_CONFIG at a file of their own: leave it, and add ours through the
  // inline config OpenCode also merges (into theirs, if they use that too).
  let inline: Record<string, unknown> = {}
  if (ctx.env.OPENCODE_CONFIG_CONTENT) {
    try {
      inline = JSON.parse(ctx.env.OPENCODE_CONFIG_CONTENT) as Record<string, unknown>
    } catch {
      // Not plain JSON (JSONC?): rather than rewrite the user's config, launch without reporting.
      return null
    }
  }
  const plugins = Array.isArray(inline.plugin) ? inline.plugin : []
  return { argv: [ctx.executable, ...ctx.userArgs], env: { OPENCODE_CONFIG_CONTENT: JSON.stringify({ ...inline, plugin: [...plugins, plugin] }) } }
}
