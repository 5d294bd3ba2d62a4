import { describe, expect, it } from 'vitest'
import { MASK } from './secrets'
import { settingsSchema } from './settings'
import { maskSettings, unmaskSettings } from './settingsSecrets'

const saved = settingsSchema.parse({
  agents: { claude: { env: { ANTHROPIC_API_KEY: 'sk-real', EDITOR: 'vim', EMPTY_TOKEN: '' } } },
  presets: [{ name: 'plan', agent: 'claude', env: { GH_TOKEN: 'ghp-real', MODE: 'plan' } }],
})

describe('secret settings values are write-only for clients', () => {
  it('masks every secret-named value, of agents and presets; other values (and an empty secret) as they are', () => {
    const masked = maskSettings(saved)
    expect(masked.agents.claude!.env).toEqual({ ANTHROPIC_API_KEY: MASK, EDITOR: 'vim', EMPTY_TOKEN: '' })
    expect(masked.presets[0]!.env).toEqual({ GH_TOKEN: MASK, MODE: 'plan' })
    expect(JSON.stringify(masked)).not.toMatch(/sk-real|ghp-real/)
    // The stored settings are not touched.
    expect(saved.agents.claude!.env.ANTHROPIC_API_KEY).toBe('sk-real')
  })

  it('a masked value sent back keeps the saved one; a value typed anew replaces it; a removed one is gone', () => {
    const edited = maskSettings(saved)
    const next = {
      ...edited,
      agents: { claude: { ...edited.agents.claude!, env: { ANTHROPIC_API_KEY: MASK, EDITOR: 'nano' } } },
      presets: [{ ...edited.presets[0]!, env: { GH_TOKEN: 'ghp-new', MODE: 'plan' } }],
    }
    const r = unmaskSettings(next, saved)
    expect(r).toEqual({ ok: true, settings: expect.anything() })
    if (!r.ok) return
    expect(r.settings.agents.claude!.env).toEqual({ ANTHROPIC_API_KEY: 'sk-real', EDITOR: 'nano' })
    expect(r.settings.presets[0]!.env).toEqual({ GH_TOKEN: 'ghp-new', MODE: 'plan' })
  })

  it('a masked value with nothing saved behind it (a new agent, preset or name) is refused, never saved as the mask', () => {
    const edited = maskSettings(saved)
    expect(unmaskSettings({ ...edited, agents: { codex: { executable: '', args: [], env: { OPENAI_API_KEY: MASK } } } }, saved)).toEqual({
      ok: false,
      missing: { where: 'agent codex', name: 'OPENAI_API_KEY' },
    })
    expect(unmaskSettings({ ...edited, presets: [{ ...edited.presets[0]!, name: 'renamed' }] }, saved)).toEqual({
      ok: false,
      missing: { where: 'preset "renamed"', name: 'GH_TOKEN' },
    })
    // The mask in a name that is not secret is a value like any other.
    const plain = unmaskSettings({ ...edited, agents: { claude: { ...edited.agents.claude!, env: { BANNER: MASK } } } }, saved)
    expect(plain.ok && plain.settings.agents.claude!.env.BANNER).toBe(MASK)
  })

  it('an agent id named like an Object.prototype member reads nothing from the prototype', () => {
    const r = unmaskSettings(settingsSchema.parse({ agents: { constructor: { env: { A_TOKEN: MASK } } } }), saved)
    expect(r).toEqual({ ok: false, missing: { where: 'agent constructor', name: 'A_TOKEN' } })
  })
})
