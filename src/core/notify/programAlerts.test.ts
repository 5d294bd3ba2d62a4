import { describe, expect, it } from 'vitest'
import { decodeBase64Utf8, ProgramAlertReader } from './programAlerts'

describe('programs’ own notifications', () => {
  it('OSC 9: the text; ConEmu’s numbered subcommands (9;4 progress) are not notifications', () => {
    const r = new ProgramAlertReader()
    expect(r.osc(9, 'build done')).toEqual({ source: 'OSC 9', title: '', body: 'build done' })
    expect(r.osc(9, '4;1;50')).toBeNull()
    expect(r.osc(9, '')).toBeNull()
  })

  it('OSC 777 notify;title;body (a body may hold semicolons); other 777 kinds are not', () => {
    const r = new ProgramAlertReader()
    expect(r.osc(777, 'notify;Tests;3 failed; see log')).toEqual({ source: 'OSC 777', title: 'Tests', body: '3 failed; see log' })
    expect(r.osc(777, 'precmd')).toBeNull()
  })

  it('OSC 99 as OpenCode sends it: base64 title then body, joined by id until d=1', () => {
    const r = new ProgramAlertReader()
    const b64 = (s: string) => Buffer.from(s).toString('base64')
    expect(r.osc(99, `i=opentui-2:p=title:e=1:d=0;${b64('Fake harness session')}`)).toBeNull()
    expect(r.osc(99, `i=opentui-2:p=body:e=1:d=1;${b64('Permission needs input')}`)).toEqual({
      source: 'OSC 99',
      title: 'Fake harness session',
      body: 'Permission needs input',
    })
    // Plain text, one chunk, the default part is the title.
    expect(r.osc(99, 'i=1;Hello')).toEqual({ source: 'OSC 99', title: 'Hello', body: '' })
  })

  it('OSC 99: kitty’s capability probe (p=?) and other parts never notify', () => {
    const r = new ProgramAlertReader()
    expect(r.osc(99, 'i=opentui-notifications:p=?;')).toBeNull()
    expect(r.osc(99, 'i=1:p=close;')).toBeNull()
    expect(r.osc(99, 'i=1:p=title:e=1;%%%')).toBeNull()
  })

  it('hostile text: controls are blanked, long text is cut', () => {
    const r = new ProgramAlertReader()
    expect(r.osc(9, 'a\x1b[31mb\x07c')?.body).toBe('a [31mb c')
    expect(r.osc(9, 'x'.repeat(5000))!.body.length).toBe(300)
  })

  it('unfinished OSC 99 notifications are bounded', () => {
    const r = new ProgramAlertReader()
    for (let i = 0; i < 100; i++) r.osc(99, `i=${i}:d=0;t${i}`)
    expect(r.osc(99, 'i=0:p=body;b')).toEqual({ source: 'OSC 99', title: '', body: 'b' })
    expect(r.osc(99, 'i=99:p=body;b')).toEqual({ source: 'OSC 99', title: 't99', body: 'b' })
  })

  it('decodes base64 UTF-8, and refuses what is not base64', () => {
    expect(decodeBase64Utf8(Buffer.from('héllo ✓ 𝄞').toString('base64'))).toBe('héllo ✓ 𝄞')
    expect(decodeBase64Utf8('a')).toBeNull()
    expect(decodeBase64Utf8('!!!!')).toBeNull()
  })

  it('the bell', () => {
    expect(new ProgramAlertReader().bell()).toEqual({ source: 'bell', title: '', body: '' })
  })
})
