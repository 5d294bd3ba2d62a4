import { describe, expect, it } from 'vitest'
import { sshArgv, sshCommand, splitWords, SSH_BOARD_OPTIONS } from './sshCommand'

describe('the ssh command (SWITCHBOARD_SSH_COMMAND, like GIT_SSH_COMMAND)', () => {
  it('splits into words with quotes and backslashes, nothing else of a shell', () => {
    expect(splitWords(`ssh -F '/my dir/config' -o "ProxyJump=a b" x\\ y $HOME`)).toEqual(['ssh', '-F', '/my dir/config', '-o', 'ProxyJump=a b', 'x y', '$HOME'])
    expect(splitWords('  ssh   -v  ')).toEqual(['ssh', '-v'])
    expect(splitWords(`a '' b`)).toEqual(['a', '', 'b'])
    expect(() => splitWords(`ssh -F 'open`)).toThrow(/unclosed '/)
  })

  it('takes the environment before the setting, and ssh without either', () => {
    expect(sshCommand({ SWITCHBOARD_SSH_COMMAND: 'ssh -F /e' }, 'ssh -F /s')).toEqual(['ssh', '-F', '/e'])
    expect(sshCommand({}, 'ssh -F /s')).toEqual(['ssh', '-F', '/s'])
    expect(sshCommand({ SWITCHBOARD_SSH_COMMAND: '  ' }, '')).toEqual(['ssh'])
  })

  it('never prompts, notices a dead link, and puts the destination after -- so it is never an option', () => {
    const { file, args } = sshArgv(['ssh', '-F', '/c'], 'dev-box', 'sh -c true')
    expect(file).toBe('ssh')
    expect(args).toEqual(['-F', '/c', ...SSH_BOARD_OPTIONS, '--', 'dev-box', 'sh -c true'])
    expect(args).toContain('BatchMode=yes')
    expect(args).toContain('ServerAliveInterval=5')
  })
})
