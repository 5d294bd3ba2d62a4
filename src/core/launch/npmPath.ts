/**
 * `npx switchboard …` and `npm start` run the board with npm's PATH: every ancestor folder's
 * `node_modules/.bin` and npm's `node-gyp-bin`, put in front of the user's own. A board started
 * that way (the daemon, on demand) must not hand them to its panes (issue 22 item 7): an agent
 * would run this project's tools instead of the user's. Pure.
 */

/** True when npm (run-script, exec/npx) started this process: it leaves `npm_execpath` and `npm_command`. */
function startedByNpm(env: Readonly<Record<string, string | undefined>>): boolean {
  return env.npm_execpath !== undefined || env.npm_command !== undefined || env.npm_lifecycle_event !== undefined
}

const NPM_ENTRY = /(?:^|\/)node_modules\/\.bin\/?$|\/@npmcli\/run-script\/lib\/node-gyp-bin\/?$/

/** PATH without the entries npm put in front of it; unchanged when npm did not start the process. */
export function withoutNpmPath(path: string, env: Readonly<Record<string, string | undefined>>): string {
  if (!startedByNpm(env)) return path
  const entries = path.split(':')
  let first = 0
  while (first < entries.length && NPM_ENTRY.test(entries[first]!)) first++
  return entries.slice(first).join(':')
}
