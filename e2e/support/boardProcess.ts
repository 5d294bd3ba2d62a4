import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

export const repoRoot = resolve(__dirname, '../..')

export interface BoardProcess {
  readonly url: string
  readonly socketPath: string
  readonly runtimeDir: string
  readonly cwd: string
  readonly child: ChildProcess
  readonly stderr: () => string
  /** SIGTERM, then wait for the board to end its panes and exit. */
  stop(): Promise<void>
}

/** Starts the built browser-mode host (`node out/main/serve.js`) in its own runtime dir. */
export async function startBoardProcess(extraArgs: string[] = [], env: NodeJS.ProcessEnv = {}): Promise<BoardProcess> {
  const entry = join(repoRoot, 'out/main/serve.js')
  if (!existsSync(entry)) throw new Error('out/main/serve.js is missing: run `npx electron-vite build` (npm test does it first)')
  const runtimeDir = mkdtempSync(join(tmpdir(), 'sb-run-'))
  const cwd = mkdtempSync(join(tmpdir(), 'sb-cwd-'))
  const child = spawn(process.execPath, [entry, '--port', '0', '--cwd', cwd, ...extraArgs], {
    env: { ...process.env, SWITCHBOARD_RUNTIME_DIR: runtimeDir, SHELL: '/bin/bash', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  let err = ''
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()))
  const started = await new Promise<{ url: string; socketPath: string }>((resolveStart, reject) => {
    const timer = setTimeout(() => reject(new Error(`board did not start in 15 s; stderr: ${err}`)), 15_000)
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString()
      const url = /browser mode\): (\S+)/.exec(out)?.[1]
      const socketPath = /Control socket: (\S+)/.exec(out)?.[1]
      if (url && socketPath) {
        clearTimeout(timer)
        resolveStart({ url, socketPath })
      }
    })
    child.once('exit', (code) => reject(new Error(`board exited with ${code} before starting; stderr: ${err}`)))
  })
  return {
    ...started,
    runtimeDir,
    cwd,
    child,
    stderr: () => err,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r))
        child.kill('SIGTERM')
        await exited
      }
      rmSync(runtimeDir, { recursive: true, force: true })
      rmSync(cwd, { recursive: true, force: true })
    },
  }
}
