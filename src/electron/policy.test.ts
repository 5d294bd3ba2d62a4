import { describe, expect, it } from 'vitest'
import { allowPermission, isOurPageOf, rendererUrlFor } from './policy'

const mainDir = '/opt/Switchboard/resources/app.asar/out/main'
const built = 'file:///opt/Switchboard/resources/app.asar/out/renderer/index.html'

describe('Electron window policy', () => {
  it('uses the dev server only in an unpackaged development run, and only on loopback', () => {
    expect(rendererUrlFor({ packaged: true, devUrl: 'http://localhost:5173/', mainDir })).toBe(built)
    expect(rendererUrlFor({ packaged: false, devUrl: 'http://localhost:5173/', mainDir })).toBe('http://localhost:5173/')
    expect(rendererUrlFor({ packaged: false, devUrl: 'https://evil.example/', mainDir })).toBe(built)
    expect(rendererUrlFor({ packaged: false, devUrl: 'not a url', mainDir })).toBe(built)
    expect(rendererUrlFor({ packaged: false, devUrl: undefined, mainDir })).toBe(built)
  })

  it('counts only the renderer folder as ours', () => {
    expect(isOurPageOf(built, built)).toBe(true)
    expect(isOurPageOf(built, built + '#x')).toBe(true)
    expect(isOurPageOf(built, 'file:///opt/Switchboard/resources/app.asar/out/renderer/assets/a.js')).toBe(true)
    expect(isOurPageOf(built, 'file:///opt/Switchboard/resources/app.asar/out/renderer/../main/index.js')).toBe(false)
    expect(isOurPageOf(built, 'file:///opt/Switchboard/resources/app.asar/out/renderer/%2e%2e/x')).toBe(false)
    expect(isOurPageOf(built, 'file:///etc/passwd')).toBe(false)
    expect(isOurPageOf(built, 'https://evil.example/')).toBe(false)
    expect(isOurPageOf('http://localhost:5173/', 'http://localhost:5174/')).toBe(false)
  })

  it('grants notifications to our page and nothing else to anyone', () => {
    const ours = (u: string) => isOurPageOf(built, u)
    expect(allowPermission('notifications', built, ours)).toBe(true)
    expect(allowPermission('notifications', 'https://evil.example/', ours)).toBe(false)
    expect(allowPermission('notifications', undefined, ours)).toBe(false)
    for (const p of ['media', 'geolocation', 'clipboard-read', 'openExternal', 'fullscreen']) expect(allowPermission(p, built, ours)).toBe(false)
  })
})
