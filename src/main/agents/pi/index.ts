import { join } from 'node:path'
import type { AgentProfile, LaunchContext } from '../profile'

/**
 * Pi coding agent (verified on 0.73.1, see fixtures/pi). Reporting is an extension of ours,
 * added for this launch with `-e`; the user's own extensions load as before. Pi core has no
 * dialogs: they come from extensions, which ours cannot see open (only `tool_call`).
 */
/** Our extension, relative to the resources folder. */
const PI_EXTENSION = 'agents/pi/switchboard-extension.js'

export const piProfile: AgentProfile = {
  kind: 'pi',
  executables: ['pi'],
  resources: [PI_EXTENSION],
  prepareLaunch(ctx: LaunchContext) {
    const extension = join(ctx.resourcesDir, PI_EXTENSION)
    return { argv: [ctx.executable, '-e', extension, ...ctx.userArgs], env: {} }
  },
}
