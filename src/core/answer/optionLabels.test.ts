import { describe, expect, it } from 'vitest'
import { shippedAgents } from '../../board/agents/agentCatalog'
import { fullOptionLabel, withFullLabels } from './optionLabels'

const labels = shippedAgents().knowledge('claude')!.dialogKeys!.optionLabels!

describe("an option's full label from the agent's wording, not the wrapped screen row", () => {
  it('completes the fragment Claude Code draws at 60×19 (both 2.1.197 and 2.1.332)', () => {
    expect(fullOptionLabel('Yes, and always allow access to work/ from this', labels)).toBe('Yes, and always allow access to work/ from this project')
    expect(fullOptionLabel('Yes, and always allow access to tmpdir/ from', labels)).toBe('Yes, and always allow access to tmpdir/ from this project')
    expect(fullOptionLabel('Yes, and always allow access to work/ f', labels)).toBe('Yes, and always allow access to work/ from this project')
  })

  it('leaves whole labels, unknown labels and fragments cut inside what varies as they are', () => {
    expect(fullOptionLabel('Yes, and always allow access to work/ from this project', labels)).toBe('Yes, and always allow access to work/ from this project')
    expect(fullOptionLabel('PostgreSQL', labels)).toBe('PostgreSQL')
    expect(fullOptionLabel('No', labels)).toBe('No')
    // The command itself is cut: nothing can say how it goes on.
    expect(fullOptionLabel("Yes, and don't ask again for npm run bu", labels)).toBe("Yes, and don't ask again for npm run bu")
    expect(fullOptionLabel("Yes, and don't ask again for npm commands in", labels)).toBe("Yes, and don't ask again for npm commands in")
  })

  it('keeps the keys and order of the screen, and the same object when nothing changes', () => {
    const dialog = {
      kind: 'permission' as const,
      title: 'Do you want to proceed?',
      options: [
        { key: '1', label: 'Yes' },
        { key: '2', label: 'Yes, and always allow access to work/ from this' },
        { key: '3', label: 'No' },
      ],
    }
    expect(withFullLabels(dialog, labels).options).toEqual([
      { key: '1', label: 'Yes' },
      { key: '2', label: 'Yes, and always allow access to work/ from this project' },
      { key: '3', label: 'No' },
    ])
    const whole = { ...dialog, options: [{ key: '1', label: 'Yes' }] }
    expect(withFullLabels(whole, labels)).toBe(whole)
    expect(withFullLabels(dialog, undefined)).toBe(dialog)
  })
})
