/* global process, setTimeout, Buffer */
// The reporter command: reads an agent hook's JSON payload on stdin and POSTs it to the pane's
// report server. Run by report.sh with the app's own runtime (node in development, the app
// executable with ELECTRON_RUN_AS_NODE=1 when packaged), so users need no separate Node.
//
// Rules (agents run hooks inside their own loop, so a hook's misbehaviour becomes theirs):
// - nothing on stdout: Claude and Codex read a hook's stdout as context or as a decision;
// - exit 0 always: a non-zero exit can block the agent's action or print an error line;
// - give up within 2 s: a hook blocks the agent while it runs (Codex runs them serially);
// - the token comes from the environment (or a 0600 file it names), never argv: `ps` never shows it.
import http from 'node:http'
import { readFileSync } from 'node:fs'

const DEADLINE_MS = 1800
const MAX_BYTES = 1024 * 1024

const quit = () => process.exit(0)
process.on('uncaughtException', quit)
process.on('unhandledRejection', quit)
// The whole run, stdin included, has one deadline: an agent that never closes our stdin or a
// server that never answers cannot keep the hook (and so the agent) waiting.
setTimeout(quit, DEADLINE_MS)

const url = process.env.SWITCHBOARD_REPORT_URL
// The token is in the environment, or in a private file for agents that copy their environment
// to disk (SWITCHBOARD_REPORT_TOKEN_FILE).
let token = process.env.SWITCHBOARD_REPORT_TOKEN
if (!token && process.env.SWITCHBOARD_REPORT_TOKEN_FILE) {
  try {
    token = readFileSync(process.env.SWITCHBOARD_REPORT_TOKEN_FILE, 'utf8').trim()
  } catch {
    quit()
  }
}
if (!url || !token) quit()

const chunks = []
let size = 0
process.stdin.on('data', (chunk) => {
  size += chunk.length
  if (size <= MAX_BYTES) chunks.push(chunk)
})
process.stdin.on('error', quit)
process.stdin.on('end', () => {
  if (size === 0 || size > MAX_BYTES) quit()
  const body = Buffer.concat(chunks)
  const req = http.request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': body.length, 'x-switchboard-token': token, connection: 'close' },
    timeout: DEADLINE_MS,
  })
  req.on('response', (res) => {
    res.resume()
    res.on('end', quit)
    res.on('error', quit)
  })
  req.on('timeout', quit)
  req.on('error', quit)
  req.end(body)
})
