#!/usr/bin/env node
// Electronegativity (Doyensec's Electron security checks) over the source, offline, as a lint step:
// exit 1 on any finding that is not justified below (and in README → Security), and on a justification
// that no longer matches a finding (so the list cannot rot). The Electron binary is not needed.
//
// Offline: the tool's CLI fetches translations (S3) and Electron's release list (GitHub) on every run.
// Here its i18n is set up from the translations it ships, and the one check that downloads the
// release list (AVAILABLE_SECURITY_FIXES_GLOBAL_CHECK: "a newer Electron has security fixes") is not
// run; the Electron version is pinned in package.json and upgraded on purpose.
'use strict'
const { dirname, join, resolve } = require('node:path')

const ROOT = resolve(__dirname, '..')
const PKG_DIR = dirname(require.resolve('@doyensec/electronegativity/package.json'))
// By class name, as the tool matches exclusions.
const NETWORK_CHECKS = ['AvailableSecurityFixesGlobalCheck']

/**
 * Findings looked at and kept, by check and file: why each is not a problem here. README → Security
 * says the same in prose; a new finding fails the step until it is fixed or justified here.
 */
const JUSTIFIED = {
  'CSP_GLOBAL_CHECK electron/window.ts':
    "it cannot read the policy: the header is the constant ELECTRON_CSP and the page's <meta> is RENDERER_META_CSP (src/board/host/csp.ts), default-src 'none', script-src 'self', checked by electron/packaging.test.ts",
  'AUXCLICK_JS_CHECK electron/window.ts':
    "a middle-click on a link asks setWindowOpenHandler like any new window: always denied, an http(s) link goes to the user's browser; Auxclick stays on for the terminal's middle-click paste",
  'PRELOAD_JS_CHECK electron/window.ts':
    "the one preload (src/preload/index.ts) exposes only the contract's invoke/send/event channels through contextBridge, never ipcRenderer; main checks each call's sender and validates it (ipcBridge.ts)",
  'OPEN_EXTERNAL_JS_CHECK electron/window.ts':
    'only http(s) URLs (a link the user clicked) reach shell.openExternal; file:, javascript: and custom schemes are denied and not opened',
}

function offlineI18n() {
  const i18n = require(require.resolve('i18n', { paths: [PKG_DIR] }))
  return async () => {
    i18n.configure({
      locales: ['en-US'],
      defaultLocale: 'en-US',
      directory: join(PKG_DIR, 'dist', 'locales'),
      updateFiles: false,
      objectNotation: true,
      retryInDefaultLocale: true,
      register: global,
    })
    i18n.setLocale('en-US')
  }
}

async function main() {
  const i18nPath = require.resolve('@doyensec/electronegativity/dist/locales/i18n.js')
  require.cache[i18nPath] = { id: i18nPath, filename: i18nPath, loaded: true, exports: offlineI18n() }
  const run = require('@doyensec/electronegativity')
  const electron = require(join(ROOT, 'package.json')).devDependencies.electron
  const { issues, errors } = await run(
    { input: join(ROOT, 'src'), isRelative: true, customScan: [], excludeFromScan: NETWORK_CHECKS, electronVersionOverride: electron, parserPlugins: [] },
    false,
  )
  const unjustified = []
  const used = new Set()
  for (const i of issues) {
    const key = `${i.id} ${i.file}`
    if (JUSTIFIED[key]) used.add(key)
    else unjustified.push(`${i.id} ${i.file}:${i.location.line}:${i.location.column} (${i.severity.name}, ${i.confidence.name}): ${i.description}`)
  }
  const stale = Object.keys(JUSTIFIED).filter((k) => !used.has(k))
  for (const e of errors ?? []) process.stdout.write(`electronegativity: could not parse ${e.file}: ${e.message}\n`)
  process.stdout.write(
    `electronegativity ${require(join(PKG_DIR, 'package.json')).version} (Electron ${electron}) over src/: ${issues.length} finding(s), ${used.size} justified\n`,
  )
  for (const line of unjustified) process.stdout.write(`  unjustified: ${line}\n`)
  for (const key of stale) process.stdout.write(`  justified but no longer found (remove it from scripts/electronegativity.cjs and the README): ${key}\n`)
  if (unjustified.length) process.stdout.write('Fix each finding, or justify it in JUSTIFIED here and in README → Security.\n')
  process.exit(unjustified.length || stale.length || (errors ?? []).some((e) => !e.tolerable) ? 1 : 0)
}

main().catch((err) => {
  process.stderr.write(`electronegativity: ${err.stack ?? err}\n`)
  process.exit(1)
})
