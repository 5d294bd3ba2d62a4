#!/usr/bin/env node
// Test support: plays the output of an asciicast v2 recording to stdout, as the recorded program
// wrote it, with the pauses between writes capped (CAST_MAX_GAP seconds) so a long session replays
// quickly. Markers and input events are not written. Used to run a recorded agent in a real pane.
const { readFileSync } = require('node:fs')

const [file] = process.argv.slice(2)
const maxGap = Number(process.env.CAST_MAX_GAP ?? '0.3')
const events = readFileSync(file, 'utf8')
  .split('\n')
  .slice(1)
  .filter(Boolean)
  .map((line) => JSON.parse(line))
  .filter((e) => e[1] === 'o')

let i = 0
function next() {
  if (i >= events.length) return
  const [t, , data] = events[i++]
  process.stdout.write(data, () => {
    const gap = Math.min(Math.max(0, (events[i]?.[0] ?? t) - t), maxGap)
    setTimeout(next, gap * 1000)
  })
}
next()
