import { describe, expect, it } from 'vitest'
import { blockedReadFd, parseCmdline, parseProcStat, rootBusy } from './procStat'
import { isInteractiveShell, isShell, programName } from './shells'

describe('parseProcStat', () => {
  it('reads the fields after the last parenthesis, whatever the command name contains', () => {
    // A real line's shape (Linux 6.x): field 22, the start time, is 987654 here.
    const stat = parseProcStat('4242 (we(ird) name)) S 1 4242 4242 34816 5150 4194304 120 0 0 0 3 1 0 0 20 0 1 0 987654 8400896 900 18446744073709551615')
    expect(stat).toEqual({ pid: 4242, comm: 'we(ird) name)', state: 'S', ppid: 1, pgrp: 4242, session: 4242, ttyNr: 34816, tpgid: 5150, startTime: '987654' })
  })

  it('returns null for garbage', () => {
    expect(parseProcStat('')).toBeNull()
    expect(parseProcStat('12 (x) S one two')).toBeNull()
  })

  it('splits cmdline on NUL and keeps empty arguments', () => {
    expect(parseCmdline('node\0script.js\0\0last\0')).toEqual(['node', 'script.js', '', 'last'])
  })
})

describe('shells', () => {
  it('recognises shells by base name, including login shells', () => {
    expect(programName('/usr/bin/bash')).toBe('bash')
    expect(isShell('-zsh')).toBe(true)
    expect(isShell('/usr/local/bin/claude')).toBe(false)
  })
})

describe('blocked reads and interactive shells', () => {
  it('reads the fd of a blocked read(2) from /proc/<pid>/syscall, per architecture', () => {
    // As this kernel (6.18, x86_64) shows `read -p` and python3 input(): read(0, buf, …).
    expect(blockedReadFd('0 0x0 0x563b9ef8cf40 0x1000 0x1000 0x7f950dba3c68 0x0 0x7ffd 0x7f95', 'x64')).toBe(0)
    expect(blockedReadFd('0 0x3 0x1 0x1 0x0 0x0 0x0 0x7ffd 0x7f95', 'x64')).toBe(3)
    expect(blockedReadFd('63 0x0 0x1 0x1 0x0 0x0 0x0 0x7ffd 0x7f95', 'arm64')).toBe(0)
    // bash's readline prompt waits in pselect6; sleep in nanosleep; a running process says so.
    expect(blockedReadFd('270 0x1 0x7fff776c10b0 0x0 0x0 0x0 0x7fff776c0fe0', 'x64')).toBeNull()
    expect(blockedReadFd('230 0x0 0x0 0x7ffc2417b0e0', 'x64')).toBeNull()
    expect(blockedReadFd('running', 'x64')).toBeNull()
    expect(blockedReadFd('-1 0x7ffd 0x7f95', 'x64')).toBeNull()
    expect(blockedReadFd('0 0x0 0x1', 'mips')).toBeNull()
  })

  it('tells an interactive shell from a script whose interpreter is a shell', () => {
    for (const argv of [['bash'], ['-bash'], ['bash', '--norc', '--noprofile', '-i'], ['bash', '-l'], ['zsh', '-o', 'vi'], ['bash', '-']])
      expect(isInteractiveShell(argv), argv.join(' ')).toBe(true)
    for (const argv of [
      ['bash', '-c', 'while true; do echo tick; done'],
      ['bash', '-lc', 'make'],
      ['bash', 'build.sh'],
      ['sh', '-e', 'x.sh'],
      ['bash', '-i', 'x.sh'],
      ['bash', '--rcfile', 'r', 'x.sh'],
      ['python3'],
      [],
    ])
      expect(isInteractiveShell(argv), argv.join(' ')).toBe(false)
  })
})

describe('rootBusy', () => {
  it('a root asleep at its prompt is at rest; running, or asleep in do_wait, it is busy', () => {
    expect(rootBusy('S', 'poll_schedule_timeout.constprop.0')).toBeNull()
    expect(rootBusy('S', 'wait_woken')).toBeNull()
    expect(rootBusy('R', null)).toBe('running')
    expect(rootBusy('D', null)).toBe('running')
    expect(rootBusy('S', 'do_wait')).toBe('waiting for a child')
    expect(rootBusy('S', null)).toBeNull()
  })
})
