#!/usr/bin/env node
// postinstall: builds native/procguard (prctl and waitpid for the pty host) with the node-gyp npm
// ships. It is optional: without it the board works and says in the pty host's log that a process
// which double-forks out of its pane is no longer told apart from the user's own (README, Security).
// Offline machines: node-gyp would download Node's headers; where Node's own headers are installed
// (/usr/include/node, Debian's nodejs) they are used instead, as for better-sqlite3.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const dir = join(dirname(fileURLToPath(import.meta.url)), '..', 'native', 'procguard')
if (process.platform !== 'linux') process.exit(0) // PR_SET_CHILD_SUBREAPER is Linux's.
const gyp =
  process.env.npm_config_node_gyp ?? join(dirname(process.execPath), '..', 'lib', 'node_modules', 'npm', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js')
const args = [gyp, 'rebuild']
const headers =
  process.env.npm_config_nodedir ??
  (existsSync(join(dirname(process.execPath), '..', 'include', 'node', 'node_api.h')) ? join(dirname(process.execPath), '..') : null)
if (headers) args.push(`--nodedir=${headers}`)
const r = existsSync(gyp) ? spawnSync(process.execPath, args, { cwd: dir, stdio: 'inherit' }) : { status: null, error: new Error(`no node-gyp at ${gyp}`) }
if (r.status !== 0) {
  process.stderr.write(
    `switchboard: native/procguard did not build (${r.error?.message ?? `node-gyp exit ${r.status}`}); the board runs without it.\n` +
      '  To build it: install a C compiler and make, then run `npm run build:native`.\n',
  )
}
