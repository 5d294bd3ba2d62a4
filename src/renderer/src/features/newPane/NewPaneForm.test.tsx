import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { DEFAULT_SETTINGS, type Settings } from '../../../../shared/domain/settings'
import { BoardError } from '../../../../shared/ipc/errors'
import { useSettingsStore } from '../../store/settingsStore'
import { fakeApi, pane } from '../../test/fakeApi'
import { NewPaneForm } from './NewPaneForm'

const SECRET = 'sk-ant-api03-in-the-settings'
const settings: Settings = {
  ...DEFAULT_SETTINGS,
  agents: { ...DEFAULT_SETTINGS.agents, claude: { executable: '', args: ['--verbose'], env: { ANTHROPIC_API_KEY: SECRET, DEBUG: '1' } } },
}

beforeEach(() => useSettingsStore.setState({ settings, snapshot: null, failure: null }))

function setup() {
  const onDone = vi.fn()
  const api = fakeApi({
    'pane:create': (req) => pane({ id: '9', command: req.command ?? ['claude'] }),
    'settings:set': (next) => ({ settings: next, path: '/cfg/settings.json', rulesDir: '/cfg/rules', error: null }),
  })
  render(<NewPaneForm initialKind="agent" onDone={onDone} />, { wrapper: api.wrap })
  return { ...api, onDone }
}

describe('NewPaneForm', () => {
  it("says what the agent's launch inherits without showing a secret, and what main will run", () => {
    const { wrap } = fakeApi()
    render(<NewPaneForm initialKind="agent" onDone={() => undefined} />, { wrapper: wrap })
    expect(screen.getByTestId('new-pane-env-inherited').textContent).toBe('Also set: ANTHROPIC_API_KEY=•••••••• · DEBUG=1')
    expect(screen.getByTestId('new-pane-agent-command').textContent).toBe('claude --verbose')
    expect(document.body.innerHTML).not.toContain(SECRET)
  })

  it('starts the agent with the arguments and the environment rows of this launch', async () => {
    const { of, onDone } = setup()
    await userEvent.type(screen.getByTestId('new-pane-args'), '--model opus')
    await userEvent.click(screen.getByTestId('env-add'))
    await userEvent.type(screen.getByTestId('env-name'), 'GH_TOKEN')
    // A secret's value is a password field from the moment its name says so.
    expect(screen.getByTestId('env-value').getAttribute('type')).toBe('password')
    await userEvent.type(screen.getByTestId('env-value'), 'ghp_1')
    await userEvent.click(screen.getByTestId('new-pane-submit'))
    await waitFor(() => expect(onDone).toHaveBeenCalled())
    expect(of('pane:create')).toEqual([[{ agent: 'claude', args: ['--model', 'opus'], env: { GH_TOKEN: 'ghp_1' } }]])
  })

  it('starts a pane on another machine, and a failure to reach it goes back to that field', async () => {
    const onDone = vi.fn()
    const api = fakeApi({
      'pane:create': () => {
        throw new BoardError('spawn-failed', 'ssh to nowhere failed: ssh: Could not resolve hostname nowhere')
      },
    })
    render(<NewPaneForm initialKind="shell" onDone={onDone} />, { wrapper: api.wrap })
    await userEvent.type(screen.getByTestId('new-pane-host'), 'nowhere')
    expect(screen.getByTestId('new-pane-host-note').textContent).toContain('Runs over ssh on nowhere')
    await userEvent.click(screen.getByTestId('new-pane-submit'))
    await waitFor(() => expect(screen.getByTestId('new-pane-error').textContent).toBe('ssh to nowhere failed: ssh: Could not resolve hostname nowhere'))
    expect(api.of('pane:create')).toEqual([[{ host: 'nowhere' }]])
    expect(onDone).not.toHaveBeenCalled()
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('new-pane-host')))
  })

  it('refuses a row without a name, in place, and sends nothing', async () => {
    const { of } = setup()
    await userEvent.click(screen.getByTestId('env-add'))
    await userEvent.type(screen.getByTestId('env-value'), 'orphan')
    expect(screen.getByRole('alert').textContent).toBe('row 1: give the variable a name')
    await userEvent.click(screen.getByTestId('new-pane-submit'))
    expect(screen.getByTestId('new-pane-error').textContent).toBe('Environment: row 1: give the variable a name')
    expect(of('pane:create')).toEqual([])
  })

  it('a command line that is shell syntax is refused with why; a preset just saved is chosen', async () => {
    const { of } = setup()
    await userEvent.type(screen.getByTestId('new-pane-args'), '--permission-mode plan')
    await userEvent.type(screen.getByTestId('new-pane-preset-name'), 'plan mode')
    await userEvent.click(screen.getByTestId('new-pane-save-preset'))
    await waitFor(() => expect((screen.getByTestId('new-pane-preset') as HTMLSelectElement).value).toBe('plan mode'))
    expect((screen.getByTestId('new-pane-args') as HTMLInputElement).value).toBe('')
    expect(of('settings:set')[0]![0]).toMatchObject({ presets: [{ name: 'plan mode', agent: 'claude', args: ['--permission-mode', 'plan'], env: {} }] })
    await userEvent.click(screen.getByTestId('new-pane-kind-command'))
    await userEvent.type(screen.getByTestId('new-pane-command'), 'seq 1 5 | cat')
    await userEvent.click(screen.getByTestId('new-pane-submit'))
    expect(screen.getByTestId('new-pane-error').textContent).toMatch(/^Command: \| is shell syntax/)
  })
})
