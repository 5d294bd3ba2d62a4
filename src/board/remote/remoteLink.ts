/**
 * One ssh connection to the board on another machine: ssh runs the bridge there (serverInstall),
 * whose stdin/stdout are that board's control socket; an RpcClient speaks the board's own protocol
 * over it. It installs the server when the remote lacks this build, checks Node and the protocol,
 * and when the connection is cut comes back by itself with backoff. Everything is asynchronous:
 * a hanging ssh is a child process that is timed out and killed, never a wait of the board.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { createWriteStream } from 'node:fs'
import { Disposable } from '../../core/lifecycle/disposable'
import { Emitter } from '../../core/lifecycle/emitter'
import { protocolMismatch } from '../../shared/ipc/protocol'
import { RpcClient } from '../../shared/ipc/rpcClient'
import type { ServerMessage } from '../../shared/ipc/wire'
import { jsonLine, lineSplitter } from '../ipc/jsonLines'
import type { Logger } from '../util/log'
import { bridgeScript, installScript, MARK, packServer, serverId } from './serverInstall'
import { sshArgv } from './sshCommand'

export const enum LinkConstants {
  /** ssh, the install check and the board's start there: one attempt is given up after this. */
  ConnectTimeoutMs = 60_000,
  InstallTimeoutMs = 300_000,
  /** A one-shot command there (fetching a recording): given up after this. */
  CommandTimeoutMs = 120_000,
  FirstRetryMs = 500,
  MaxRetryMs = 8_000,
}

export interface LinkOptions {
  readonly destination: string
  /** The ssh command's words (sshCommand), read at each attempt: a changed setting applies at the next. */
  readonly ssh: () => string[]
  /** The built app to copy over (findAppRoot). */
  readonly appRoot: string
  readonly env: NodeJS.ProcessEnv
  readonly log: Logger
}

/** What an attempt failed with, for the user: ssh's own words, or what to install or run. */
export class LinkError extends Error {}

export type LinkState = 'connecting' | 'up' | 'down'

/** The environment ssh runs in: the board's own variables stay here. */
function sshEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([k]) => !k.startsWith('SWITCHBOARD_') || k === 'SWITCHBOARD_SSH_COMMAND'))
}

const lastLines = (text: string, n = 4) => text.trim().split('\n').slice(-n).join(' / ')

export class RemoteLink extends Disposable {
  private child: ChildProcessWithoutNullStreams | null = null
  private client_: RpcClient | null = null
  private state_: LinkState = 'down'
  private problem_: string | null = null
  private retryMs: number = LinkConstants.FirstRetryMs
  private retryTimer: NodeJS.Timeout | null = null
  private connecting: Promise<RpcClient> | null = null
  private everUp = false
  private disposed = false

  private readonly _onUp = this.register(new Emitter<RpcClient>())
  /** Connected (the first time or again): the client of the board there. */
  readonly onUp = this._onUp.event
  private readonly _onDown = this.register(new Emitter<string>())
  /** The connection was cut (why): the board there keeps its panes; this link is reconnecting. */
  readonly onDown = this._onDown.event

  constructor(private readonly options: LinkOptions) {
    super()
  }

  get destination(): string {
    return this.options.destination
  }
  get state(): LinkState {
    return this.state_
  }
  get client(): RpcClient | null {
    return this.client_
  }
  /** Why the last attempt failed, while down. */
  get problem(): string | null {
    return this.problem_
  }

  /** The client once connected; the first attempt's error (ssh's message, no Node, another protocol) otherwise. */
  ensure(): Promise<RpcClient> {
    if (this.client_ && this.state_ === 'up') return Promise.resolve(this.client_)
    return (this.connecting ??= this.attempt().finally(() => (this.connecting = null)))
  }

  /**
   * Panes are known there (saved by a board before this one): connect now, and keep trying with
   * backoff whatever the first attempt says, as after a cut.
   */
  keepTrying(): void {
    this.everUp = true
    this.ensure().catch(() => this._onDown.fire(this.problem_ ?? 'the connection could not be made'))
  }

  private async attempt(): Promise<RpcClient> {
    this.state_ = 'connecting'
    try {
      let bridge = await this.runBridge()
      if (bridge === 'missing') {
        await this.install()
        bridge = await this.runBridge()
        if (bridge === 'missing') throw new LinkError(`the board was copied to ${this.destination} but is still not found there (~/.switchboard-server)`)
      }
      this.up(bridge)
      return bridge.client
    } catch (err) {
      this.state_ = 'down'
      this.problem_ = err instanceof Error ? err.message : String(err)
      // Once it was up, the panes are there: keep trying. Before, the caller is told and decides.
      if (this.everUp) this.scheduleRetry()
      throw err
    }
  }

  private spawnSsh(remoteCommand: string): ChildProcessWithoutNullStreams {
    const { file, args } = sshArgv(this.options.ssh(), this.options.destination, remoteCommand)
    return spawn(file, args, { stdio: ['pipe', 'pipe', 'pipe'], env: sshEnv(this.options.env) })
  }

  /** Runs the bridge over ssh up to its hello and the board's protocol check; 'missing' when the server is not installed there. */
  private runBridge(): Promise<{ child: ChildProcessWithoutNullStreams; client: RpcClient } | 'missing'> {
    const id = serverId(this.options.appRoot)
    const child = this.spawnSsh(bridgeScript(id))
    const dest = this.options.destination
    return new Promise((resolve, reject) => {
      let stderr = ''
      let settled = false
      let client: RpcClient | null = null
      const finish = (err: Error | null, value?: { child: ChildProcessWithoutNullStreams; client: RpcClient } | 'missing') => {
        if (settled) return
        settled = true
        clearTimeout(timer)
        if (err) {
          child.kill('SIGKILL')
          reject(err)
        } else resolve(value!)
      }
      const timer = setTimeout(
        () =>
          finish(
            new LinkError(
              `ssh to ${dest} did not get through to the board within ${LinkConstants.ConnectTimeoutMs / 1000} s${stderr.trim() ? `: ${lastLines(stderr)}` : ''}`,
            ),
          ),
        LinkConstants.ConnectTimeoutMs,
      )
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-4000)))
      child.once('error', (err) =>
        finish(new LinkError(`could not run ssh (${this.options.ssh()[0]}): ${err.message}; set SWITCHBOARD_SSH_COMMAND or Settings → remote.sshCommand`)),
      )
      let missing = false
      child.once('close', (code, signal) => {
        if (missing) finish(null, 'missing')
        else if (!settled) {
          const said = lastLines(stderr)
          finish(new LinkError(`ssh ${dest} failed (${signal ?? `exit ${code}`})${said ? `: ${said}` : ''}`))
        }
      })
      let handshake = true
      let buffered = ''
      const feed = lineSplitter((line) => {
        let message: ServerMessage
        try {
          message = JSON.parse(line) as ServerMessage
        } catch {
          child.kill('SIGKILL')
          return
        }
        client?.receive(message)
      })
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        if (!handshake) return feed(chunk)
        buffered += chunk
        let nl: number
        while (handshake && (nl = buffered.indexOf('\n')) >= 0) {
          const line = buffered.slice(0, nl).trim()
          buffered = buffered.slice(nl + 1)
          if (!line.startsWith(`${MARK} `)) continue // the user's shell talking (an rc file's echo)
          const [, word, rest] = /^\S+ (\S+) ?(.*)$/.exec(line) ?? []
          if (word === 'no-node')
            return finish(
              new LinkError(
                `there is no node on ${dest}: install Node.js 20 or newer there (e.g. \`apt-get install nodejs\`), on the PATH of a non-interactive ssh session`,
              ),
            )
          if (word === 'old-node') return finish(new LinkError(`node on ${dest} is ${rest}; the board needs Node.js 20 or newer there`))
          if (word === 'missing') {
            handshake = false
            missing = true
            child.stdin.end()
            return
          }
          if (word === 'hello') {
            handshake = false
            client = new RpcClient((msg) => void (!child.stdin.destroyed && child.stdin.write(jsonLine(msg))))
            child.stdin.on('error', () => child.kill('SIGKILL'))
            const rest2 = buffered
            buffered = ''
            if (rest2) feed(rest2)
            const c = client
            c.invoke('board:info').then(
              (info) => {
                const mismatch = protocolMismatch(info, 'this board')
                if (mismatch) finish(new LinkError(`on ${dest}: ${mismatch.replace(/`switchboard /g, `\`~/.switchboard-server/${id}/bin/switchboard.js `)}`))
                else finish(null, { child, client: c })
              },
              (err: unknown) => finish(new LinkError(`the board on ${dest} did not answer: ${err instanceof Error ? err.message : String(err)}`)),
            )
          }
        }
      })
    })
  }

  /**
   * Runs one command there over its own ssh session (the same command, destination and options as
   * the link); its stdout goes to `localFile` when given (truncated first). Rejects with ssh's or
   * the command's own words.
   */
  run(remoteCommand: string, localFile: string | null = null): Promise<void> {
    const dest = this.options.destination
    const child = this.spawnSsh(remoteCommand)
    child.stdin.end()
    const sink = localFile ? createWriteStream(localFile, { flags: 'w', mode: 0o600 }) : null
    if (sink) child.stdout.pipe(sink)
    else child.stdout.resume()
    const written = sink ? new Promise<void>((resolve, reject) => (sink.once('finish', resolve), sink.once('error', reject))) : Promise.resolve()
    return new Promise<void>((resolve, reject) => {
      let stderr = ''
      const timer = setTimeout(() => child.kill('SIGKILL'), LinkConstants.CommandTimeoutMs)
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-4000)))
      child.once('error', (err) => reject(new LinkError(`could not run ssh: ${err.message}`)))
      child.once('close', (code, signal) => {
        clearTimeout(timer)
        if (code !== 0) return reject(new LinkError(`ssh ${dest} failed (${signal ?? `exit ${code}`})${stderr.trim() ? `: ${lastLines(stderr)}` : ''}`))
        written.then(resolve, (err: Error) => reject(new LinkError(`could not write ${localFile}: ${err.message}`)))
      })
    })
  }

  /** Copies this build to the remote (once per build: the bridge finds it there next time). */
  private install(): Promise<void> {
    const dest = this.options.destination
    const id = serverId(this.options.appRoot)
    this.options.log.info(`installing the board on ${dest} (~/.switchboard-server/${id})`)
    const child = this.spawnSsh(installScript(id))
    return new Promise((resolve, reject) => {
      let out = ''
      let stderr = ''
      const timer = setTimeout(() => child.kill('SIGKILL'), LinkConstants.InstallTimeoutMs)
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk))
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-4000)))
      child.stdin.on('error', () => undefined)
      let packError: Error | null = null
      packServer(this.options.appRoot, child.stdin).catch((err: Error) => {
        packError = err
        child.kill('SIGKILL')
      })
      child.once('error', (err) => reject(new LinkError(`could not run ssh: ${err.message}`)))
      child.once('close', (code, signal) => {
        clearTimeout(timer)
        if (packError) return reject(packError)
        if (code === 0 && out.includes(`${MARK} installed`)) return resolve()
        reject(new LinkError(`copying the board to ${dest} failed (${signal ?? `exit ${code}`})${stderr.trim() ? `: ${lastLines(stderr)}` : ''}`))
      })
    })
  }

  private up({ child, client }: { child: ChildProcessWithoutNullStreams; client: RpcClient }): void {
    if (this.disposed) {
      child.kill('SIGKILL')
      return
    }
    this.child = child
    this.client_ = client
    this.state_ = 'up'
    this.problem_ = null
    this.everUp = true
    this.retryMs = LinkConstants.FirstRetryMs
    this.options.log.info(`connected to the board on ${this.destination}`, { pid: child.pid })
    child.once('close', (code, signal) => {
      if (this.child !== child) return
      const why = `the ssh connection to ${this.destination} ended (${signal ?? `exit ${code}`})`
      client.close(why)
      this.child = null
      this.client_ = null
      this.state_ = 'down'
      this.problem_ = why
      if (this.disposed) return
      this.options.log.warn(`${why}; reconnecting`)
      this._onDown.fire(why)
      this.scheduleRetry()
    })
    this._onUp.fire(client)
  }

  private scheduleRetry(): void {
    if (this.disposed || this.retryTimer) return
    const wait = this.retryMs
    this.retryMs = Math.min(this.retryMs * 2, LinkConstants.MaxRetryMs)
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null
      this.ensure().catch((err: unknown) => {
        this.options.log.warn(`reconnecting to ${this.destination} failed; trying again`, {
          err: err instanceof Error ? err.message : String(err),
          inMs: this.retryMs,
        })
        this._onDown.fire(this.problem_ ?? String(err))
      })
    }, wait)
    this.retryTimer.unref?.()
  }

  override dispose(): void {
    this.disposed = true
    if (this.retryTimer) clearTimeout(this.retryTimer)
    this.client_?.close(`the connection to ${this.destination} was closed by this board`)
    this.child?.kill('SIGTERM')
    this.child = null
    super.dispose()
  }
}
