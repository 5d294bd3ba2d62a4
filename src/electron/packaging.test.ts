import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { RENDERER_META_CSP } from '../board/host/csp'

const ROOT = resolve(__dirname, '../..')
const builder = readFileSync(resolve(ROOT, 'electron-builder.yml'), 'utf8')
const fuse = (name: string) => new RegExp(`^\\s+${name}:\\s*(\\w+)`, 'm').exec(builder)?.[1]

describe('the packaged app', () => {
  it('sets its fuses: no NODE_OPTIONS, no --inspect, app only from the checked asar', () => {
    expect(fuse('enableNodeOptionsEnvironmentVariable')).toBe('false')
    expect(fuse('enableNodeCliInspectArguments')).toBe('false')
    expect(fuse('onlyLoadAppFromAsar')).toBe('true')
    expect(fuse('enableEmbeddedAsarIntegrityValidation')).toBe('true')
    expect(fuse('enableCookieEncryption')).toBe('true')
  })

  it('keeps RunAsNode exactly as long as the reporter runs the app binary as Node', () => {
    const reporterNeedsIt = readFileSync(resolve(ROOT, 'resources/reporter/report.sh'), 'utf8').includes('ELECTRON_RUN_AS_NODE=1')
    expect(fuse('runAsNode')).toBe(String(reporterNeedsIt))
  })

  it('has a meta CSP that forbids inline and remote script and allows only its own connections', () => {
    expect(RENDERER_META_CSP).toMatch(/default-src 'none'/)
    expect(RENDERER_META_CSP).toMatch(/script-src 'self'(;|$)/)
    expect(RENDERER_META_CSP).toMatch(/connect-src 'self'/)
    // Not allowed in a <meta> CSP (ignored with a warning): browser mode sends it as a header.
    expect(RENDERER_META_CSP).not.toMatch(/frame-ancestors/)
  })
})
