/**
 * A real OpenSSH server on 127.0.0.1 for the remote-pane tests (issue 23): Debian's sshd on a port
 * of its own with a throwaway config and host key, a second local user (`sbremote`) reached with
 * a throwaway key through a throwaway ssh config (alias `sb-remote-test`). Needs root (sshd and
 * useradd); started and ended by the test.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync, readFileSync } from 'node:fs'
import { connect, createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export const REMOTE_USER = 'sbremote'
export const REMOTE_ALIAS = 'sb-remote-test'
const SSHD = '/usr/sbin/sshd'

/** Why this machine cannot run the tests (they then skip, saying so); null when it can. */
export function sshSkipReason(): string | null {
  if (process.getuid?.() !== 0) return 'needs root (it starts sshd and adds the user sbremote); CI runs it as root'
  if (!existsSync(SSHD)) return `needs Debian's openssh-server (${SSHD}): apt-get install -y openssh-server (.ci/run installs it)`
  if (!existsSync('/usr/bin/ssh') || !existsSync('/usr/bin/ssh-keygen')) return 'needs the OpenSSH client (ssh, ssh-keygen)'
  return null
}

export interface SshServer {
  readonly dir: string
  readonly port: number
  /** What SWITCHBOARD_SSH_COMMAND says to reach the alias: the user's ssh with the throwaway config. */
  readonly sshCommand: string
  /** The remote user's home. */
  readonly home: string
  /** Runs a command as the remote user over ssh; resolves with its stdout. */
  ssh(command: string): string
  /** sshd's own log (stderr), for a failure's message. */
  log(): string
  /** Ends the listening sshd (connections made stay until their client goes): new connections are refused. */
  pause(): Promise<void>
  /** Listens again on the same port, with the same config and host key. */
  resume(): Promise<void>
  stop(): Promise<void>
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

async function waitForPort(port: number, sshd: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 15_000
  for (;;) {
    if (sshd.exitCode !== null) throw new Error(`sshd exited (${sshd.exitCode}): ${log()}`)
    const ok = await new Promise<boolean>((resolve) => {
      const s = connect(port, '127.0.0.1')
      s.once('connect', () => (s.destroy(), resolve(true)))
      s.once('error', () => resolve(false))
    })
    if (ok) return
    if (Date.now() > deadline) throw new Error(`sshd did not listen on ${port} within 15 s: ${log()}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

/** The test user, made if missing: a login shell of bash, key login allowed (no password, not locked). */
function ensureUser(): string {
  try {
    execFileSync('id', ['-u', REMOTE_USER], { stdio: 'ignore' })
  } catch {
    execFileSync('useradd', ['-m', '-s', '/bin/bash', REMOTE_USER])
  }
  // useradd leaves the password field "!" (locked); sshd without PAM refuses a locked account even for keys.
  execFileSync('usermod', ['-s', '/bin/bash', '-p', '*', REMOTE_USER])
  return execFileSync('sh', ['-c', `getent passwd ${REMOTE_USER} | cut -d: -f6`], { encoding: 'utf8' }).trim()
}

export async function startSshServer(): Promise<SshServer> {
  const home = ensureUser()
  const dir = mkdtempSync(join(tmpdir(), 'sb-sshd-'))
  // sshd reads the authorized keys as the remote user.
  chmodSync(dir, 0o755)
  execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', join(dir, 'host_key')])
  execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', join(dir, 'client_key')])
  writeFileSync(join(dir, 'authorized_keys'), readFileSync(join(dir, 'client_key.pub')), { mode: 0o644 })
  chmodSync(join(dir, 'authorized_keys'), 0o644)
  const port = await freePort()
  const config = join(dir, 'sshd_config')
  writeFileSync(
    config,
    [
      `Port ${port}`,
      'ListenAddress 127.0.0.1',
      `HostKey ${join(dir, 'host_key')}`,
      `PidFile ${join(dir, 'sshd.pid')}`,
      `AuthorizedKeysFile ${join(dir, 'authorized_keys')}`,
      'StrictModes no',
      'PubkeyAuthentication yes',
      'PasswordAuthentication no',
      'KbdInteractiveAuthentication no',
      'UsePAM no',
      `AllowUsers ${REMOTE_USER}`,
      'PermitRootLogin no',
      'LogLevel VERBOSE',
      '',
    ].join('\n'),
  )
  const clientConfig = join(dir, 'ssh_config')
  writeFileSync(
    clientConfig,
    [
      `Host ${REMOTE_ALIAS}`,
      '  HostName 127.0.0.1',
      `  Port ${port}`,
      `  User ${REMOTE_USER}`,
      `  IdentityFile ${join(dir, 'client_key')}`,
      '  IdentitiesOnly yes',
      `  UserKnownHostsFile ${join(dir, 'known_hosts')}`,
      '  GlobalKnownHostsFile /dev/null',
      '  StrictHostKeyChecking accept-new',
      '  LogLevel ERROR',
      '',
    ].join('\n'),
  )
  // Privilege separation wants its empty directory.
  execFileSync('mkdir', ['-p', '/run/sshd'])
  let stderr = ''
  const log = () => stderr
  let sshd: ChildProcess
  const listen = async () => {
    sshd = spawn(SSHD, ['-D', '-e', '-f', config], { stdio: ['ignore', 'ignore', 'pipe'] })
    sshd.stderr!.setEncoding('utf8').on('data', (c: string) => (stderr = (stderr + c).slice(-20_000)))
    await waitForPort(port, sshd, log)
  }
  const end = async () => {
    if (sshd.exitCode !== null || sshd.signalCode !== null) return
    const exited = new Promise((r) => sshd.once('exit', r))
    sshd.kill('SIGTERM')
    await exited
  }
  await listen()
  const sshCommand = `ssh -F ${clientConfig}`
  return {
    dir,
    port,
    sshCommand,
    home,
    ssh: (command) => execFileSync('ssh', ['-F', clientConfig, '-o', 'BatchMode=yes', REMOTE_ALIAS, command], { encoding: 'utf8', timeout: 30_000 }),
    log,
    pause: end,
    resume: listen,
    stop: async () => {
      await end()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** The remote user's processes (pids), to check nothing of the test is left there. */
export function remoteUserPids(): number[] {
  try {
    return execFileSync('ps', ['-u', REMOTE_USER, '-o', 'pid='], { encoding: 'utf8' })
      .split('\n')
      .map((l) => Number(l.trim()))
      .filter((n) => n > 0)
  } catch {
    return []
  }
}
