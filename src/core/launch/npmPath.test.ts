import { describe, expect, it } from 'vitest'
import { withoutNpmPath } from './npmPath'

// What `npx -c 'echo $PATH'` printed in /work/wt/ui/src on the build machine.
const NPX_PATH =
  '/work/wt/ui/src/node_modules/.bin:/work/wt/ui/node_modules/.bin:/work/wt/node_modules/.bin:/work/node_modules/.bin:/node_modules/.bin:/usr/lib/node_modules/npm/node_modules/@npmcli/run-script/lib/node-gyp-bin:/usr/local/bin:/usr/bin:/bin'
const NPX_ENV = { npm_execpath: '/usr/lib/node_modules/npm/bin/npm-cli.js', npm_command: 'exec', npm_lifecycle_event: 'npx' }

describe("npm's PATH entries stay out of the panes (issue 22 item 7)", () => {
  it('drops what npx put in front of the user’s PATH', () => {
    expect(withoutNpmPath(NPX_PATH, NPX_ENV)).toBe('/usr/local/bin:/usr/bin:/bin')
  })
  it('keeps a PATH npm did not touch, and the user’s own node_modules/.bin further back', () => {
    expect(withoutNpmPath(NPX_PATH, {})).toBe(NPX_PATH)
    expect(withoutNpmPath('/usr/bin:/home/me/app/node_modules/.bin', NPX_ENV)).toBe('/usr/bin:/home/me/app/node_modules/.bin')
  })
})
