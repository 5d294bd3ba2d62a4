/**
 * Programs' own notifications, as terminals know them, parsed from the OSC payloads the mirror
 * records (and the bell): they become board notifications and needs-you entries under the same
 * policy as the agents' states (core/notify/notifyPolicy). Pure: no Node, no DOM.
 *
 * - OSC 9 (iTerm2/ConEmu): `9;<text>`. `9;4;…` is ConEmu's progress and other `9;<n>;…` are
 *   ConEmu commands, not notifications.
 * - OSC 777 (rxvt/VTE/Ghostty): `777;notify;<title>;<body>`.
 * - OSC 99 (kitty): `99;<key=value:…>;<payload>`, keys `i` (id), `d` (0 = more chunks follow),
 *   `p` (title | body | ?: a capability query, never a notification), `e=1` (payload is base64).
 *   Chunks with the same id are joined until `d=1`. Switchboard does not answer kitty's `p=?`
 *   probe (OpenCode emits OSC 99 only to a terminal that does: fixtures/opencode/README.md);
 *   this parser only reads what a program sends anyway.
 * - BEL outside an escape sequence: the program rang the bell.
 */

import type { AlertSource } from '../../shared/domain/pane'
export type { AlertSource }

export interface ProgramAlert {
  readonly source: AlertSource
  readonly title: string
  readonly body: string
}

export const enum ProgramAlertConstants {
  /** Longest title or body kept (a notification is a line, not a document). */
  MaxChars = 300,
  /** Unfinished OSC 99 notifications remembered per pane (ids never finished are dropped oldest first). */
  MaxPending = 8,
}

/** C0/C1 controls and DEL: never shown, whatever a program put in its notification. */
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\x00-\x1f\x7f-\x9f]+/g

function clean(text: string): string {
  const t = text.replace(CONTROLS, ' ').replace(/\s+/g, ' ').trim()
  return t.length <= ProgramAlertConstants.MaxChars ? t : `${t.slice(0, ProgramAlertConstants.MaxChars - 1)}…`
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'

/** Base64 (standard alphabet, padding optional) to UTF-8 text; null when it is not base64. */
export function decodeBase64Utf8(text: string): string | null {
  const s = text.replace(/=+$/, '')
  if (!/^[A-Za-z0-9+/]*$/.test(s) || s.length % 4 === 1) return null
  const bytes: number[] = []
  let bits = 0
  let acc = 0
  for (const ch of s) {
    acc = (acc << 6) | B64.indexOf(ch)
    bits += 6
    if (bits >= 8) {
      bits -= 8
      bytes.push((acc >> bits) & 0xff)
    }
  }
  return utf8(bytes)
}

/** UTF-8 bytes to text; malformed sequences become U+FFFD. */
function utf8(bytes: readonly number[]): string {
  let out = ''
  for (let i = 0; i < bytes.length;) {
    const b = bytes[i]!
    const len = b < 0x80 ? 1 : b >= 0xf0 && b < 0xf8 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 0
    if (len === 0 || i + len > bytes.length) {
      out += '\ufffd'
      i++
      continue
    }
    let cp = len === 1 ? b : b & (0xff >> (len + 1))
    let ok = true
    for (let k = 1; k < len; k++) {
      const c = bytes[i + k]!
      if ((c & 0xc0) !== 0x80) ok = false
      cp = (cp << 6) | (c & 0x3f)
    }
    out += ok && cp <= 0x10ffff ? String.fromCodePoint(cp) : '\ufffd'
    i += ok ? len : 1
  }
  return out
}

interface Pending {
  readonly id: string
  readonly title: string
  readonly body: string
}

/** Reads one pane's notifications; OSC 99 chunks are remembered between calls. */
export class ProgramAlertReader {
  private pending: Pending[] = []

  /** An OSC the program wrote (ident and payload after `ident;`): the notification it completes, if any. */
  osc(ident: number, data: string): ProgramAlert | null {
    switch (ident) {
      case 9:
        // ConEmu's `9;<n>;…` subcommands (4 = progress) are not notifications.
        if (/^\d+(;|$)/.test(data)) return null
        return this.alert('OSC 9', '', data)
      case 777: {
        const [kind, title = '', ...body] = data.split(';')
        if (kind !== 'notify') return null
        return this.alert('OSC 777', title, body.join(';'))
      }
      case 99:
        return this.kitty(data)
      default:
        return null
    }
  }

  /** The program rang the bell. */
  bell(): ProgramAlert {
    return { source: 'bell', title: '', body: '' }
  }

  private alert(source: AlertSource, title: string, body: string): ProgramAlert | null {
    const t = clean(title)
    const b = clean(body)
    return t || b ? { source, title: t, body: b } : null
  }

  private kitty(data: string): ProgramAlert | null {
    const semi = data.indexOf(';')
    const meta = semi < 0 ? data : data.slice(0, semi)
    const raw = semi < 0 ? '' : data.slice(semi + 1)
    const keys: Record<string, string> = {}
    for (const pair of meta.split(':')) {
      const eq = pair.indexOf('=')
      if (eq > 0) keys[pair.slice(0, eq)] = pair.slice(eq + 1)
    }
    const part = keys.p ?? 'title'
    // A capability query, or parts this board does not show (icons, buttons, closing).
    if (part !== 'title' && part !== 'body') return null
    const text = keys.e === '1' ? decodeBase64Utf8(raw) : raw
    if (text === null) return null
    const id = keys.i ?? ''
    const before = this.pending.find((p) => p.id === id) ?? { id, title: '', body: '' }
    const now: Pending = part === 'title' ? { ...before, title: before.title + text } : { ...before, body: before.body + text }
    this.pending = this.pending.filter((p) => p.id !== id)
    if (keys.d === '0') {
      this.pending = [...this.pending, now].slice(-ProgramAlertConstants.MaxPending)
      return null
    }
    return this.alert('OSC 99', now.title, now.body)
  }
}
