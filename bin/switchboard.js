#!/usr/bin/env node
// The control CLI. The real code is built to out/main/cli.js by `npm run build`.
const { existsSync } = require('node:fs')
const { join } = require('node:path')

const built = join(__dirname, '..', 'out', 'main', 'cli.js')
if (!existsSync(built)) {
  process.stderr.write('switchboard: the CLI is not built yet; run `npm run build` in ' + join(__dirname, '..') + '\n')
  process.exit(1)
}
require(built)
