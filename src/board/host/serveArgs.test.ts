import { describe, expect, it } from 'vitest'
import { UsageError } from '../util/usage'
import { parseServeArgs } from './serveArgs'

describe('serve arguments', () => {
  it('defaults to a random port on loopback and reads --port, --host, --cwd in both spellings', () => {
    expect(parseServeArgs([])).toEqual({ host: '127.0.0.1', port: 0, cwd: undefined })
    expect(parseServeArgs(['--port', '8080', '--host=::1', '--cwd', '/tmp'])).toEqual({ host: '::1', port: 8080, cwd: '/tmp' })
  })

  it.each([
    [['--port', 'x'], /not a port number/],
    [['--port', '70000'], /not a port number/],
    [['--port'], /--port needs a value/],
    [['--bogus'], /unknown option --bogus/],
    [['extra'], /unexpected argument/],
  ])('refuses %j with one UsageError', (argv, message) => {
    expect(() => parseServeArgs(argv)).toThrow(UsageError)
    expect(() => parseServeArgs(argv)).toThrow(message)
  })
})
