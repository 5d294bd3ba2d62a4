import { describe, expect, it } from 'vitest'
import { daemonRuntime } from './daemonRuntime'

/** The daemon keeps a small young generation (board/util/heapLimits.ts): V8 takes it only on the command line. */
const SEMI_SPACE = '--max-semi-space-size=2'

describe('daemonRuntime: what runs a new daemon', () => {
  it('under plain Node (a checkout): that node, with nothing added', () => {
    expect(daemonRuntime({ execPath: '/usr/bin/node', electron: undefined })).toEqual({ execPath: '/usr/bin/node', execArgv: [SEMI_SPACE], env: {} })
  })

  it('under the packaged app (its binary run as Node): the same binary, as Node', () => {
    expect(daemonRuntime({ execPath: '/opt/Switchboard/switchboard', electron: '45.5.0' })).toEqual({
      execPath: '/opt/Switchboard/switchboard',
      execArgv: [SEMI_SPACE],
      env: { ELECTRON_RUN_AS_NODE: '1' },
    })
  })

  it('a runtime asked for by name runs as given: Electron’s switch is not passed to another program', () => {
    expect(daemonRuntime({ execPath: '/opt/Switchboard/switchboard', electron: '45.5.0' }, '/usr/local/bin/node')).toEqual({
      execPath: '/usr/local/bin/node',
      execArgv: [SEMI_SPACE],
      env: {},
    })
    expect(daemonRuntime({ execPath: '/opt/Switchboard/switchboard', electron: '45.5.0' }, '/opt/Switchboard/switchboard').env).toEqual({
      ELECTRON_RUN_AS_NODE: '1',
    })
  })
})
