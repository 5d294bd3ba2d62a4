#!/usr/bin/env node
// Test support: a stand-in for Claude Code that draws real Claude screens (the fixture screens in
// src/board/status/__fixtures__) and logs every chunk it reads, with its arrival time, so tests see
// exactly what reached the program and how the writes were split. Run it as `claude` (a script of
// that name on PATH) so the pane recognises the agent and applies Claude's screen rules.
//
// Input drives it like the real one, roughly: a line containing [DIALOG] or [DIALOG2] followed by
// Enter opens a permission dialog (for `touch x.txt` / `rm -rf ./tmpdir`); [FLIP] in a line opens
// the dialog as soon as the line arrives, before its Enter; in a dialog, 1/2 go on (working, then
// idle) and Esc or 3 decline (idle). [QUESTION] opens Claude's question; its "4" opens the
// free-text row after FAKE_OPEN_MS (a loaded machine), and an Escape byte before that declines —
// as a paste's `ESC [200~` would, read as Esc by the real one. At the prompt it echoes what it
// reads, and a paste with its Enter in the same read is not submitted: the Enter stays a newline
// in the input, as the real one does with paste and Enter in one write. Ctrl-B (a test control)
// keeps its event loop busy for FAKE_BUSY_MS, as a loaded machine does, so what arrives meanwhile
// is read in one chunk. With FAKE_REDRAW_MS, a resize clears the screen and draws it again that
// much later.
const { appendFileSync, readFileSync } = require('node:fs')
const { join } = require('node:path')

const SCREENS = join(__dirname, '../status/__fixtures__')
const LOG = process.env.FAKE_INPUT_LOG

function screen(name, replace) {
  const rows = readFileSync(join(SCREENS, `${name}.screen.txt`), 'utf8')
    .split('\n')
    .slice(2, -1)
  return rows.map((r) => (replace ? r.replace(replace[0], replace[1]) : r))
}

function draw(rows, title) {
  process.stdout.write(`\x1b]0;${title}\x07\x1b[H\x1b[2J${rows.join('\r\n')}`)
}

// Its echo of a key or paste at the prompt: output that changes no cell (the screens stay the fixtures).
const ECHO = '\x1b[?25h'
let mode = 'idle'
let line = ''
function show(next) {
  mode = next
  if (next === 'idle') draw(screen('claude-idle-startup'), '✳ Claude Code')
  else if (next === 'dialog') draw(screen('claude-permission'), '✳ Claude Code')
  else if (next === 'dialog2') draw(screen('claude-permission', ['touch x.txt', 'rm -rf ./tmpdir']), '✳ Claude Code')
  else if (next === 'working') draw(screen('claude-working'), '⠂ Claude Code')
  else if (next === 'question') draw(screen('claude-question'), '✳ Claude Code')
  else if (next === 'question-text')
    draw(
      screen('claude-question').map((r) => r.replace('❯ 1.', '  1.').replace('  4. Type something.', '❯ 4. Type something.')),
      '✳ Claude Code',
    )
}

process.stdout.write('\x1b[?2004h')
show('idle')
// FAKE_REDRAW_MS: a resize redraws the screen in two writes that far apart, a clear and then the
// screen, as Claude Code 2.1.332 redraws its dialogs (slower on a loaded machine); the dialog comes
// back with its description wrapped onto two rows, as at another width.
if (process.env.FAKE_REDRAW_MS)
  process.stdout.on('resize', () => {
    const was = mode
    process.stdout.write('\x1b[H\x1b[2J')
    setTimeout(() => {
      if (mode !== was) return
      if (mode !== 'dialog') return show(mode)
      const rows = screen('claude-permission').flatMap((r) => (r.includes('Create empty file x.txt') ? ['   Create empty', '   file x.txt'] : [r]))
      draw(rows.slice(1), '✳ Claude Code')
    }, Number(process.env.FAKE_REDRAW_MS))
  })
process.stdin.setRawMode?.(true)
process.stdin.setEncoding('utf8')
process.stdin.on('data', (chunk) => {
  if (LOG) appendFileSync(LOG, JSON.stringify({ t: Number(process.hrtime.bigint() / 1000n) / 1000, data: chunk }) + '\n')
  if (chunk === '\x02') {
    const until = Date.now() + Number(process.env.FAKE_BUSY_MS ?? 500)
    while (Date.now() < until) {
      // Busy on purpose: nothing is read meanwhile.
    }
    return
  }
  if (mode === 'idle') {
    if (chunk.includes('\x1b[201~\r')) {
      line += chunk.replace(/\r$/, '')
      return void process.stdout.write(ECHO)
    }
    line += chunk.replace(/\r$/, '')
    if (line.includes('[FLIP]')) {
      line = ''
      return show('dialog')
    }
    if (!chunk.endsWith('\r')) return void process.stdout.write(ECHO)
    const typed = line
    line = ''
    if (typed.includes('[QUESTION]')) show('question')
    else if (typed.includes('[DIALOG2]')) show('dialog2')
    else if (typed.includes('[DIALOG]')) show('dialog')
    else show('idle')
  } else if (mode === 'dialog' || mode === 'dialog2') {
    if (chunk === '1' || chunk === '2') {
      show('working')
      setTimeout(() => show('idle'), 300)
    } else if (chunk === '\x1b' || chunk === '3') show('idle')
    else if (chunk === '\x1bX') show('dialog2') // test control: swap the dialog in place
  } else if (mode === 'question') {
    if (chunk === '4') {
      mode = 'question-opening'
      setTimeout(() => show('question-text'), Number(process.env.FAKE_OPEN_MS ?? 0))
    } else if (chunk.startsWith('\x1b')) show('idle')
  } else if (mode === 'question-opening') {
    if (chunk.startsWith('\x1b')) show('idle')
  } else if (mode === 'question-text') {
    if (chunk.endsWith('\r')) show('idle')
  }
})
