import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { prepareLaunch } from './launch'

let runtimeDir: string
beforeEach(() => {
  runtimeDir = mkdtempSync(join(tmpdir(), 'sb-opencode-'))
})
afterEach(() => rmSync(runtimeDir, { recursive: true, force: true }))

describe('OpenCode injection', () => {
  const prepare = (env: Record<string, string>) =>
    prepareLaunch({
      paneId: '1',
      executable: 'opencode',
      userArgs: [],
      env,
      reportUrl: 'u',
      tokenVariable: 'T',
      tokenHeader: 'h',
      dir: runtimeDir,
      folder: '/app/resources/agents/opencode',
      resourcesDir: '/app/resources',
      reporterCommand: () => '',
      reportEnv: {},
    })

  it('adds its plugin through OPENCODE_CONFIG', () => {
    const prepared = prepare({})!
    const config = JSON.parse(readFileSync(prepared.env.OPENCODE_CONFIG!, 'utf8')) as { plugin: string[] }
    expect(config.plugin).toEqual(['file:///app/resources/agents/opencode/switchboard-plugin.js'])
  })

  it("leaves the user's own OPENCODE_CONFIG alone and merges into their inline config", () => {
    expect(prepare({ OPENCODE_CONFIG: '/home/u/oc.json' })!.env).toEqual({
      OPENCODE_CONFIG_CONTENT: JSON.stringify({ plugin: ['file:///app/resources/agents/opencode/switchboard-plugin.js'] }),
    })
    const merged = JSON.parse(
      prepare({ OPENCODE_CONFIG: '/x', OPENCODE_CONFIG_CONTENT: '{"model":"m","plugin":["theirs"]}' })!.env.OPENCODE_CONFIG_CONTENT!,
    ) as Record<string, unknown>
    expect(merged).toEqual({ model: 'm', plugin: ['theirs', 'file:///app/resources/agents/opencode/switchboard-plugin.js'] })
    expect(prepare({ OPENCODE_CONFIG: '/x', OPENCODE_CONFIG_CONTENT: '{ // jsonc' })).toBeNull()
  })
})
