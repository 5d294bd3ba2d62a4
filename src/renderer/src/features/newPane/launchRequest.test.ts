import { describe, expect, it } from 'vitest'
import { buildLaunchRequest, describeEnv, EMPTY_FORM, presetFromForm, type LaunchForm } from './launchRequest'

const form: LaunchForm = { kind: 'agent', ...EMPTY_FORM }

describe('the new-pane form request', () => {
  it('names the agent and sends only the launch’s own arguments and environment (main adds the settings)', () => {
    expect(buildLaunchRequest({ ...form, args: "--model 'opus 4'", env: { A: '1', B: 'x=y' }, cwd: ' /r ' })).toEqual({
      ok: true,
      value: { agent: 'claude', args: ['--model', 'opus 4'], env: { A: '1', B: 'x=y' }, cwd: '/r' },
    })
    expect(buildLaunchRequest({ ...form, preset: 'plan' })).toEqual({ ok: true, value: { preset: 'plan' } })
  })
  it('sends a worktree with its branch and optional base, and says what is wrong', () => {
    expect(buildLaunchRequest({ ...form, worktree: true, branch: 'agent/x', base: 'main' })).toMatchObject({
      value: { worktree: { branch: 'agent/x', base: 'main' } },
    })
    expect(buildLaunchRequest({ ...form, worktree: true, branch: 'a b' })).toMatchObject({ ok: false, field: 'branch' })
    expect(buildLaunchRequest({ ...form, envError: 'row 1: give the variable a name' })).toMatchObject({
      ok: false,
      field: 'env',
      error: expect.stringMatching(/^Environment: /),
    })
    // Not a shell, and it says so where it matters: shell syntax typed as is is refused (it ran `seq` with '|' and 'cat' as arguments); quoted, it is a word.
    expect(buildLaunchRequest({ ...form, kind: 'command', command: 'seq 1 5 | cat' })).toEqual({
      ok: false,
      field: 'command',
      error:
        'Command: | is shell syntax, and this field is not a shell (it runs the program directly). Pick Shell and type the line there, or quote the | to pass it as an argument.',
    })
    for (const line of ['make && make test', 'ls; pwd', 'echo hi > out.txt', 'cat < in', 'echo $(date)', 'echo `date`', 'sleep 9 &', 'a|b']) {
      expect(buildLaunchRequest({ ...form, kind: 'command', command: line })).toMatchObject({
        ok: false,
        field: 'command',
        error: expect.stringMatching(/is shell syntax, and this field is not a shell/),
      })
    }
    expect(buildLaunchRequest({ ...form, kind: 'command', command: "seq 1 5 '|' cat" })).toEqual({
      ok: true,
      value: { command: ['seq', '1', '5', '|', 'cat'] },
    })
    expect(buildLaunchRequest({ ...form, kind: 'command', command: 'grep -E "a|b" f \\; x' })).toEqual({
      ok: true,
      value: { command: ['grep', '-E', 'a|b', 'f', ';', 'x'] },
    })
    expect(buildLaunchRequest({ ...form, kind: 'command', command: 'echo $HOME' })).toEqual({ ok: true, value: { command: ['echo', '$HOME'] } })
    expect(buildLaunchRequest({ ...form, kind: 'command', command: ' ' })).toMatchObject({ ok: false, field: 'command' })
  })
  it('runs on another machine when one is named, and refuses what ssh would misread or the board there cannot resolve', () => {
    expect(buildLaunchRequest({ ...form, kind: 'shell', host: ' dev@build-box ', cwd: '/srv/app' })).toEqual({
      ok: true,
      value: { host: 'dev@build-box', cwd: '/srv/app' },
    })
    expect(buildLaunchRequest({ ...form, host: 'box' })).toEqual({ ok: true, value: { agent: 'claude', host: 'box' } })
    // A leading '-' would be an option to ssh; a space or ';' something a remote shell splits.
    for (const host of ['-oProxyCommand=x', 'box;rm', 'a b']) {
      expect(buildLaunchRequest({ ...form, host })).toMatchObject({
        ok: false,
        field: 'host',
        error: expect.stringMatching(/^Machine: an ssh destination is a host name or alias/),
      })
    }
    // A preset goes by name; main sends what it adds to the board there.
    expect(buildLaunchRequest({ ...form, preset: 'plan', host: 'box' })).toEqual({ ok: true, value: { preset: 'plan', host: 'box' } })
    expect(presetFromForm({ ...form, host: 'box' }, 'on the box')).toMatchObject({ ok: true, value: { name: 'on the box', host: 'box' } })
    expect(presetFromForm({ ...form, host: '-x' }, 'bad')).toMatchObject({ ok: false, field: 'host' })
  })
  it('saves the form as a preset', () => {
    expect(
      presetFromForm(
        { ...form, agent: 'codex', args: '--full-auto', env: { K: 'V' }, worktree: true, setup: 'cp "$SWITCHBOARD_REPO/.env" .\n\nnpm ci\n' },
        ' codex, full auto ',
      ),
    ).toEqual({
      ok: true,
      value: {
        name: 'codex, full auto',
        agent: 'codex',
        args: ['--full-auto'],
        env: { K: 'V' },
        cwd: '',
        setup: ['cp "$SWITCHBOARD_REPO/.env" .', 'npm ci'],
        worktree: true,
        host: '',
      },
    })
  })
})

describe('what a launch inherits, as the form shows it (issue 22 item 2)', () => {
  it('masks the values of names that look secret, as the workspace refuses to save them', () => {
    expect(describeEnv({ ANTHROPIC_API_KEY: 'sk-ant-123', DEBUG: '1', GH_TOKEN: 'ghp_x' })).toBe('ANTHROPIC_API_KEY=•••••••• · DEBUG=1 · GH_TOKEN=••••••••')
  })
})
