#!/usr/bin/env node
// postinstall: builds the two native addons with the node-gyp npm ships. Both are optional:
// - native/procguard (prctl and waitpid for the pty host): without it the pty host says in its log
//   that a process which double-forks out of its pane is no longer told apart from the user's own;
// - native/fdpass (SCM_RIGHTS): without it the pty host reads every terminal and forwards its bytes,
//   which costs about half again the CPU of the board's parsing (README, Performance).
// Offline machines: node-gyp would download Node's headers; where Node's own headers are installed
// (/usr/include/node, Debian's nodejs) they are used instead, as for better-sqlite3.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..', 'native')
const gyp =
  process.env.npm_config_node_gyp ?? join(dirname(process.execPath), '..', 'lib', 'node_modules', 'npm', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js')
const args = [gyp, 'rebuild']
const headers =
  process.env.npm_config_nodedir ??
  (existsSync(join(dirname(process.execPath), '..', 'include', 'node', 'node_api.h')) ? join(dirname(process.execPath), '..') : null)
if (headers) args.push(`--nodedir=${headers}`)
// PR_SET_CHILD_SUBREAPER is Linux's; descriptor passing is POSIX.
for (const name of process.platform === 'linux' ? ['procguard', 'fdpass'] : ['fdpass']) {
  const r = existsSync(gyp)
    ? spawnSync(process.execPath, args, { cwd: join(root, name), stdio: 'inherit' })
    : { status: null, error: new Error(`no node-gyp at ${gyp}`) }
  if (r.status !== 0) {
    process.stderr.write(
      `switchboard: native/${name} did not build (${r.error?.message ?? `node-gyp exit ${r.status}`}); the board runs without it.\n` +
        '  To build it: install a C compiler and make, then run `npm run build:native`.\n',
    )
  }
}
