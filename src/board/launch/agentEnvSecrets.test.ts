import { chmodSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createHandlers, dispatchInvoke } from '../ipc/handlers'
import { eventually, screenText } from '../test/support'
import { launchTestBoard } from './launchTestBoard'

const t = launchTestBoard({ createHandlers, dispatchInvoke })

describe('secret settings values over IPC (Settings → Agents → Environment)', () => {
  it('settings:get and settings:set answer them masked; a masked value sent back keeps the saved one, and the launch gets the real value', async () => {
    const file = join(t.root, 'bin', 'claude')
    mkdirSync(join(t.root, 'bin'), { recursive: true })
    writeFileSync(file, '#!/bin/bash\necho "TOKEN=${AGENT_TOKEN:-none} MODE=${AGENT_MODE:-none}"\nsleep 60\n')
    chmodSync(file, 0o755)
    t.save((s) => ({ ...s, agents: { ...s.agents, claude: { executable: file, args: [], env: { AGENT_TOKEN: 'tok-secret-1', AGENT_MODE: 'a' } } } }))
    const got = await t.call('settings:get')
    expect(got.settings.agents.claude!.env).toEqual({ AGENT_TOKEN: '••••••••', AGENT_MODE: 'a' })
    expect(JSON.stringify(got)).not.toContain('tok-secret-1')
    // The renderer saves the settings it was given, one other value changed.
    const answered = await t.call('settings:set', {
      ...got.settings,
      agents: { claude: { ...got.settings.agents.claude!, env: { ...got.settings.agents.claude!.env, AGENT_MODE: 'b' } } },
    })
    expect(JSON.stringify(answered)).not.toContain('tok-secret-1')
    expect(t.store.get().settings.agents.claude!.env).toEqual({ AGENT_TOKEN: 'tok-secret-1', AGENT_MODE: 'b' })
    const pane = await t.call('pane:create', { agent: 'claude' })
    await eventually(async () => (await screenText(t.board.get(pane.id))).includes('TOKEN=tok-secret-1 MODE=b'), 'the agent printing its environment')
    // A masked value for a name with nothing saved is refused, not saved as the mask.
    await expect(
      t.call('settings:set', { ...got.settings, agents: { claude: { ...got.settings.agents.claude!, env: { OTHER_TOKEN: '••••••••' } } } }),
    ).rejects.toThrow(/OTHER_TOKEN \(agent claude\) is sent hidden .* type its value/)
    expect(t.store.get().settings.agents.claude!.env.AGENT_TOKEN).toBe('tok-secret-1')
  })
})
