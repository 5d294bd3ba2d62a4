import { describe, expect, it } from 'vitest'
import { parseCmdline, parseProcStat } from './procStat'
import { isShell, programName } from './shells'

describe('parseProcStat', () => {
  it('reads the fields after the last parenthesis, whatever the command name contains', () => {
    const stat = parseProcStat('4242 (we(ird) name)) S 1 4242 4242 34816 5150 4194304 0 0')
    expect(stat).toEqual({ pid: 4242, comm: 'we(ird) name)', state: 'S', ppid: 1, pgrp: 4242, session: 4242, tpgid: 5150 })
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
