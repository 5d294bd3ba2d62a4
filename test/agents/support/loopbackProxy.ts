import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * An HTTP(S) proxy on 127.0.0.1 that forwards nothing: every CONNECT and every absolute-URL
 * request is refused with 403 and its host written down. Given to an agent as HTTPS_PROXY /
 * HTTP_PROXY (with NO_PROXY for loopback, where the fake model server is), it turns any request
 * the agent would send off the machine into a loopback one the test can see, and fail on: the
 * agent's own offline settings are what the tests check, this is the net below them.
 */
export class LoopbackProxy {
  /** `host:port` of every request that tried to leave the machine, in order. */
  readonly attempts: string[] = []

  private constructor(private readonly server: Server) {}

  static async start(): Promise<LoopbackProxy> {
    const server = createServer()
    const proxy = new LoopbackProxy(server)
    server.on('connect', (req, socket) => {
      proxy.attempts.push(req.url ?? '?')
      socket.end('HTTP/1.1 403 Forbidden\r\ncontent-length: 0\r\n\r\n')
    })
    server.on('request', (req, res) => {
      let host = req.headers.host ?? '?'
      try {
        host = new URL(req.url ?? '').host
      } catch {
        // Swallow: not an absolute URL; the Host header names it.
      }
      proxy.attempts.push(host)
      res.writeHead(403, { 'content-length': '0' })
      res.end()
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    return proxy
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`
  }

  /** The proxy variables (both spellings: Python reads either, curl only the lower case). */
  env(): Record<string, string> {
    const noProxy = '127.0.0.1,localhost,::1'
    return {
      HTTPS_PROXY: this.url,
      HTTP_PROXY: this.url,
      ALL_PROXY: this.url,
      https_proxy: this.url,
      http_proxy: this.url,
      all_proxy: this.url,
      NO_PROXY: noProxy,
      no_proxy: noProxy,
    }
  }

  close(): Promise<void> {
    this.server.closeAllConnections()
    return new Promise((r) => this.server.close(() => r()))
  }
}
