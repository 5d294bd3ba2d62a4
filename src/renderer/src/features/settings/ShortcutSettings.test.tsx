import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import type { Settings } from '../../../../shared/domain/settings'
import { ShortcutSettings } from './ShortcutSettings'

function Harness({ seen }: { seen: Settings['shortcuts'][] }) {
  const [value, setValue] = useState<Settings['shortcuts']>({ prefix: 'Alt', keys: {} })
  return (
    <ShortcutSettings
      value={value}
      onChange={(next) => {
        seen.push(next)
        setValue(next)
      }}
    />
  )
}

describe('ShortcutSettings', () => {
  it('captures a key by keyboard, flags a key two commands share, and resets', async () => {
    const seen: Settings['shortcuts'][] = []
    render(<Harness seen={seen} />)
    const grid = screen.getByTestId('shortcut-key-grid')
    expect(grid.textContent).toBe('Alt G')
    await userEvent.click(grid)
    expect(grid.textContent).toBe('Press a key…')
    await userEvent.keyboard('j')
    expect(seen.at(-1)).toEqual({ prefix: 'Alt', keys: { grid: 'KeyJ' } })
    expect(screen.getAllByTestId('shortcut-conflict')).toHaveLength(2)
    await userEvent.click(grid)
    await userEvent.keyboard('{Escape}')
    expect(grid.textContent).toBe('Alt J')
    await userEvent.click(screen.getByTestId('shortcut-reset-grid'))
    expect(seen.at(-1)).toEqual({ prefix: 'Alt', keys: {} })
    expect(screen.queryAllByTestId('shortcut-conflict')).toEqual([])
  })

  it('says what a program loses when the board takes one of its Alt keys', async () => {
    render(<Harness seen={[]} />)
    await userEvent.click(screen.getByTestId('shortcut-key-help'))
    await userEvent.keyboard('t')
    expect(screen.getByTestId('shortcut-program-key').textContent).toContain('transpose words')
  })
})
