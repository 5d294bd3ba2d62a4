#!/usr/bin/env node
// Test support: plays a real agent recording (asciicast v2) to stdout as the recorded program
// wrote it, but waits for the user where the recording did. At each ground-truth marker named in
// CAST_HOLD (e.g. "idle,blocked,question,reply-question") playback stops until input arrives:
// a line ending in Enter at idle/reply-question (a prompt was submitted), any key at a dialog.
// Then the recording goes on as recorded. Pauses between writes are capped at CAST_MAX_GAP
// seconds. Every input chunk is logged with its arrival time to CAST_INPUT_LOG, and each hold
// (marker and release) to the same file, so a test sees exactly what reached the program.
const { appendFileSync, readFileSync } = require('node:fs')

const [file] = process.argv.slice(2)
const maxGap = Number(process.env.CAST_MAX_GAP ?? '0.05')
const holdAt = new Set((process.env.CAST_HOLD ?? '').split(',').filter(Boolean))
const log = process.env.CAST_INPUT_LOG
const events = readFileSync(file, 'utf8')
  .split('\n')
  .slice(1)
  .filter(Boolean)
  .map((line) => JSON.parse(line))
  .filter((e) => e[1] === 'o' || e[1] === 'm')

function note(entry) {
  if (log) appendFileSync(log, JSON.stringify({ t: Date.now(), ...entry }) + '\n')
}

// What the terminal sends on its own (query answers, focus reports): nobody typed it.
// eslint-disable-next-line no-control-regex
const AUTOMATIC = /^(?:\x1b\[[IO]|\x1b\[[?>=]?[\d;]*[cnR]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1bP[^\x1b]*\x1b\\)+$/
let typed = ''
let release = null

process.stdin.setRawMode?.(true)
process.stdin.setEncoding('utf8')
process.stdin.on('data', (chunk) => {
  note({ input: chunk })
  if (AUTOMATIC.test(chunk)) return
  typed += chunk
  release?.()
})

/** Resolves once the user did what the recording waited for at this marker. */
function waitFor(label) {
  const needsEnter = label === 'idle' || label === 'reply-question'
  typed = ''
  return new Promise((resolve) => {
    release = () => {
      if (needsEnter ? !typed.includes('\r') : typed === '') return
      release = null
      note({ released: label, typed })
      resolve()
    }
  })
}

let i = 0
async function next() {
  while (i < events.length) {
    const [t, kind, data] = events[i++]
    if (kind === 'm') {
      const label = String(data).replace(/^state:/, '')
      if (holdAt.has(label)) {
        note({ hold: label })
        await waitFor(label)
      }
      continue
    }
    await new Promise((resolve) => process.stdout.write(data, resolve))
    const gap = Math.min(Math.max(0, (events[i]?.[0] ?? t) - t), maxGap)
    if (gap > 0) await new Promise((resolve) => setTimeout(resolve, gap * 1000))
  }
}
// The recorded program exits when its recording ends (stdin would keep us alive).
void next().then(() => setTimeout(() => process.exit(0), 50))
