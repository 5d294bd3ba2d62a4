import { describe, expect, it } from 'vitest'
import { missingExecutableMessage, parseEnvEntries, planAgentLaunch } from './launchPlan'
import { paneTitle, promptOf, titleIsOnlyFolder } from './paneTitle'

describe('planAgentLaunch', () => {
  it('takes the executable, arguments and environment from the settings, then the preset, then the launch', () => {
    const plan = planAgentLaunch(
      { id: 'claude', command: ['claude'] },
      { executable: '/opt/claude/bin/claude', args: ['--model', 'opus'], env: { A: 'settings', B: 'settings' } },
      { args: ['--permission-mode', 'plan'], env: { B: 'preset' } },
      { args: ['--verbose'], env: { C: 'launch' } },
    )
    expect(plan).toEqual({
      agent: 'claude',
      executable: '/opt/claude/bin/claude',
      fromSettings: true,
      args: ['--model', 'opus', '--permission-mode', 'plan', '--verbose'],
      env: { A: 'settings', B: 'preset', C: 'launch' },
    })
  })

  it("keeps the command's own arguments after a settings executable (an agent run as `python3 tool.py`)", () => {
    const agent = { id: 'tool', command: ['python3', 'tool.py'] }
    expect(planAgentLaunch(agent, { executable: '', args: ['-v'], env: {} })).toMatchObject({ executable: 'python3', args: ['tool.py', '-v'] })
    expect(planAgentLaunch(agent, { executable: '/opt/py/bin/python3', args: [], env: {} })).toMatchObject({
      executable: '/opt/py/bin/python3',
      fromSettings: true,
      args: ['tool.py'],
    })
  })

  it("falls back to the agent's command on PATH", () => {
    expect(planAgentLaunch({ id: 'codex', command: ['codex'] }, { executable: '  ', args: [], env: {} })).toMatchObject({
      executable: 'codex',
      fromSettings: false,
      args: [],
    })
  })

  it('says what was looked for and names the setting', () => {
    const onPath = missingExecutableMessage(planAgentLaunch({ id: 'claude', command: ['claude'] }, { executable: '', args: [], env: {} }), ['/usr/bin', '/bin'])
    expect(onPath).toBe(
      'claude: no executable named claude on PATH (looked in /usr/bin:/bin). Install it, or set its path in Settings → Agents → claude → Executable.',
    )
    const set = missingExecutableMessage(planAgentLaunch({ id: 'pi', command: ['pi'] }, { executable: '/nope/pi', args: [], env: {} }), [])
    expect(set).toMatch(/^pi: the executable \/nope\/pi \(from settings\) does not exist/)
    expect(set).toMatch(/Settings → Agents → pi → Executable/)
  })
})

describe('parseEnvEntries', () => {
  it('reads NAME=VALUE lines, values may hold =, blank lines skipped', () => {
    expect(parseEnvEntries(['A=1', '', 'B=x=y', 'EMPTY=', 'C=2\r'])).toEqual({ ok: true, env: { A: '1', B: 'x=y', EMPTY: '', C: '2' } })
  })
  it.each(['NOEQ', '=v', '1A=x', 'A-B=x'])('refuses %j', (entry) => {
    expect(parseEnvEntries([entry])).toMatchObject({ ok: false, error: expect.stringContaining('NAME=VALUE') })
  })
})

describe('pane titles', () => {
  const base = { fixed: undefined, agent: 'codex', firstPrompt: null, cwd: '/home/u/src/app', program: 'codex' }
  it('names a pane whose title is only the folder after its first prompt', () => {
    expect(titleIsOnlyFolder('app', '/home/u/src/app')).toBe(true)
    expect(titleIsOnlyFolder('⠦ app', '/home/u/src/app')).toBe(true)
    expect(titleIsOnlyFolder('[ ! ] Action Required | app', '/home/u/src/app')).toBe(true)
    expect(paneTitle({ ...base, terminal: 'app', firstPrompt: 'Fix the login form' })).toBe('Fix the login form')
    expect(paneTitle({ ...base, terminal: '', firstPrompt: 'Fix the login form' })).toBe('Fix the login form')
  })
  it("keeps the agent's own session title and the user's", () => {
    expect(paneTitle({ ...base, terminal: 'Harness task 1 | app', firstPrompt: 'x' })).toBe('Harness task 1 | app')
    expect(paneTitle({ ...base, terminal: '✳ Harness scenario', firstPrompt: 'x' })).toBe('✳ Harness scenario')
    expect(paneTitle({ ...base, fixed: 'api', terminal: 'app', firstPrompt: 'x' })).toBe('api')
    // Before the first prompt: the agent's name, not the folder.
    expect(paneTitle({ ...base, terminal: '⠋ app' })).toBe('codex')
    expect(paneTitle({ ...base, terminal: '' })).toBe('codex')
    // A shell's folder title stays.
    expect(paneTitle({ ...base, agent: null, program: 'bash', terminal: 'app', firstPrompt: 'x' })).toBe('app')
    expect(paneTitle({ ...base, agent: null, program: 'bash', terminal: '' })).toBe('bash')
  })
  it('takes the prompt from UserPromptSubmit, one line, shortened', () => {
    expect(promptOf('UserPromptSubmit', { prompt: '  Fix\nthe\tform ' })).toBe('Fix the form')
    expect(promptOf('UserPromptSubmit', { prompt: 'x'.repeat(100) })).toHaveLength(60)
    expect(promptOf('Stop', { prompt: 'x' })).toBeNull()
    expect(promptOf('UserPromptSubmit', { prompt: 3 })).toBeNull()
    expect(promptOf('UserPromptSubmit', null)).toBeNull()
  })
})
