import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { AgentProfile, LaunchContext, PreparedLaunch } from '../profile'

/**
 * OpenCode (verified on 1.18.33, see fixtures/opencode). Reporting is a plugin of ours, loaded
 * through an extra config for this launch: OPENCODE_CONFIG is merged after the user's global and
 * project config (plugin lists add up), so their own plugins keep running.
 */

/** Our plugin, relative to the resources folder. */
const OPENCODE_PLUGIN = 'agents/opencode/switchboard-plugin.js'

export function opencodePluginUrl(resourcesDir: string): string {
  return pathToFileURL(join(resourcesDir, OPENCODE_PLUGIN)).href
}

export const opencodeProfile: AgentProfile = {
  kind: 'opencode',
  executables: ['opencode'],
  resources: [OPENCODE_PLUGIN],
  prepareLaunch(ctx: LaunchContext): PreparedLaunch | null {
    const plugin = opencodePluginUrl(ctx.resourcesDir)
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
  },
}
