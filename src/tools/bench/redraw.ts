import { writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as nodePty from 'node-pty'
import { BoardConstants } from '../../board/panes/boardOptions'
import { contentBlock } from './content'
import { fmt, median, range } from './stats'
import { bareHeadless, benchBoard, benchEnv, onCleanup, sleep, tempDir } from './support'
import { processCpuMs, ptyHostBoard } from './ptyHostBoard'
import { type Row, targetRow } from './table'
import { tmuxInstalled, tmuxRound, type TmuxSample } from './tmuxRedraw'
import { CCMANAGER_VERSION, ccmanagerInstall, ccmanagerRound } from './ccmanagerRedraw'

const SECTION = '20 agent-like panes redrawing every 100 ms: CPU of the whole board (all threads, the pty host too) against bare @xterm/headless'
const FRAME_MS = 100
/** Below the peer: strictly less CPU per char than ccmanager on the same work. */
const BELOW_PEER = { limit: 0.999, atLeast: false, label: '< 1' }
/** The agent whose rules read the panes of the `agents` variant: ccmanager's state check reads its sessions as Claude Code. */
const AGENT = 'claude'
const FRAMES = 40
/** The redrawn block: rows FIRST_ROW…FIRST_ROW+BLOCK_ROWS-1, above the spinner and the prompt box; nothing scrolls. */
const FIRST_ROW = 14
const BLOCK_ROWS = 13
/** The width of the prompt box's rules (Claude Code draws them across the terminal). */
const RULE = '─'.repeat(BoardConstants.DefaultCols)

export interface RedrawOptions {
  readonly panes: number
  readonly windowMs: number
  /**
   * Before each window: the pty host and the parser worker are fresh processes and threads each
   * round, and their code is compiled for ~12 s (the board's CPU fell from 168 to 75 ms/s over the
   * first 16 s here, measured per 4 s); the daemon runs for hours, so the steady state is measured.
   */
  readonly warmMs: number
  readonly rounds: number
}

/**
 * What an agent's TUI sends each tick, drawn as Claude Code 2.1.197 draws a turn that runs: a
 * synchronized-output frame that rewrites a block of transcript rows in place (cursor addressing,
 * SGR, UTF-8), the spinner line, and the prompt box between its two rules with the footer under it
 * ("esc to interrupt"), as Ink redraws its whole live region. Claude's rules read it as working,
 * and so does ccmanager's Claude state check. No newline, so no scrolling and no onlcr
 * translation: the PTY delivers exactly these bytes to the mirror and the baseline alike.
 */
export function makeFrames(): string[] {
  const lines = contentBlock(256 << 10, 7)
    .toString('utf8')
    .split('\n')
    .filter((l) => l.length > 0 && l.length <= 110 && !l.includes('\t') && !l.includes('\r'))
  const spinner = ['·', '✢', '✳', '✶', '✻', '✽']
  const row = (n: number, text: string) => `\x1b[${n};1H\x1b[2K${text}`
  return Array.from({ length: FRAMES }, (_, f) => {
    let frame = '\x1b[?2026h'
    for (let r = 0; r < BLOCK_ROWS; r++) frame += row(FIRST_ROW + r, lines[(f * 3 + r) % lines.length]!)
    const at = FIRST_ROW + BLOCK_ROWS
    frame += row(at, `\x1b[38;5;174m${spinner[f % spinner.length]}\x1b[0m Thinking… (${f}s · ↓ ${f * 7} tokens)`)
    frame += row(at + 1, '')
    frame += row(at + 2, `\x1b[2m${RULE}\x1b[0m`) + row(at + 3, '❯ ') + row(at + 4, `\x1b[2m${RULE}\x1b[0m`)
    frame += row(at + 5, '  \x1b[2mesc to interrupt\x1b[0m') + '\x1b[?2026l'
    return frame
  })
}

/** A program that prints one frame every FRAME_MS and sleeps in select(2), as an agent sleeps in epoll. */
export function redrawArgv(framesFile: string): string[] {
  const script =
    'open(F, "<:raw", $ARGV[0]) or die; local $/; my @f = split /\\0/, <F>; $| = 1; binmode STDOUT; for (my $i = 0; ; $i++) { print $f[$i % @f]; select(undef, undef, undef, ' +
    FRAME_MS / 1000 +
    ') }'
  return ['perl', '-e', script, framesFile]
}

interface Sample {
  /** CPU ms of the process (user + system, every thread) per 1000 chars parsed. */
  readonly cpuPerKchar: number
  /** Share of one core over the window. */
  readonly cpuShare: number
  readonly charsPerSec: number
  /** The part of cpuPerKchar spent in the board's other process (its pty host); 0 when none. */
  readonly otherPerKchar: number
}

/** `extraMs`: CPU of other processes of the board over the same window (its pty host). */
function sample(cpu0: NodeJS.CpuUsage, t0: number, chars: number, extraMs = 0): Sample {
  const cpu = process.cpuUsage(cpu0)
  const ms = (cpu.user + cpu.system) / 1000 + extraMs
  const wall = performance.now() - t0
  return { cpuPerKchar: ms / (chars / 1000), cpuShare: ms / wall, charsPerSec: chars / (wall / 1000), otherPerKchar: extraMs / (chars / 1000) }
}

/** After `warmMs`, the process's CPU (and `otherPid`'s) over `windowMs` against the chars `count` saw meanwhile. */
async function measure(warmMs: number, windowMs: number, count: { chars: number }, otherPid?: number): Promise<Sample> {
  await sleep(warmMs)
  count.chars = 0
  const cpu0 = process.cpuUsage()
  const other0 = otherPid ? processCpuMs(otherPid) : 0
  const t0 = performance.now()
  await sleep(windowMs)
  return sample(cpu0, t0, count.chars, otherPid ? processCpuMs(otherPid) - other0 : 0)
}

/**
 * The board as the daemon runs it: `panes` real panes running the redraw program in its pty host,
 * mirrors and status engines as live; the host's CPU counts too. `agent`: the panes are launched
 * as that agent (its status engine reads every screen with its rules, as for the real agent).
 */
async function boardRound(argv: string[], opts: RedrawOptions, agent?: string): Promise<Sample> {
  const { board, hostPid, stop } = await ptyHostBoard()
  try {
    const panes = Array.from({ length: opts.panes }, () => board.get(board.create({ command: argv, title: 'redraw' }, agent ? { agent } : {}).id))
    const count = { chars: 0 }
    const subs = panes.map((p) => p.onDidParse((data) => (count.chars += data.length)))
    const result = await measure(opts.warmMs, opts.windowMs, count, hostPid)
    for (const s of subs) s.dispose()
    return result
  } finally {
    await stop()
  }
}

/** A reference: the board with its PTYs in its own process, as before the pty host (issue 17). */
async function inProcessRound(argv: string[], opts: RedrawOptions): Promise<Sample> {
  const board = benchBoard()
  const stop = onCleanup(() => board.shutdown())
  try {
    const panes = Array.from({ length: opts.panes }, () => board.get(board.create({ command: argv, title: 'redraw' }).id))
    const count = { chars: 0 }
    const subs = panes.map((p) => p.onDidParse((data) => (count.chars += data.length)))
    const result = await measure(opts.warmMs, opts.windowMs, count)
    for (const s of subs) s.dispose()
    return result
  } finally {
    await stop()
  }
}

/** The redraw program in a node-pty terminal of a pane's default size, read as UTF-8. */
function spawnRedraw(argv: readonly string[]): nodePty.IPty {
  const [file, ...args] = argv
  return nodePty.spawn(file!, args, {
    name: 'xterm-256color',
    cols: BoardConstants.DefaultCols,
    rows: BoardConstants.DefaultRows,
    cwd: tmpdir(),
    env: benchEnv() as Record<string, string>,
    encoding: 'utf8',
  })
}

/**
 * A reference, not the baseline: the same programs in as many node-pty terminals whose output is
 * read and dropped. What any terminal that owns real PTYs pays before it parses a byte (tmux
 * included), so the table shows how much of the board's cost is reading at all.
 */
async function ptyFloorRound(argv: string[], opts: RedrawOptions): Promise<Sample> {
  const ptys = Array.from({ length: opts.panes }, () => spawnRedraw(argv))
  const count = { chars: 0 }
  const subs = ptys.map((p) => p.onData((data) => (count.chars += data.length)))
  try {
    return await measure(opts.warmMs, opts.windowMs, count)
  } finally {
    for (const s of subs) s.dispose()
    for (const p of ptys) p.kill('SIGKILL')
    await sleep(200)
  }
}

/** The baseline: as many bare @xterm/headless terminals, same geometry, fed the same frames on a timer. */
async function bareRound(frames: readonly string[], opts: RedrawOptions): Promise<Sample> {
  const terms = Array.from({ length: opts.panes }, () => bareHeadless())
  const count = { chars: 0 }
  const timers = terms.map((term, i) => {
    let f = i
    return setInterval(() => {
      const frame = frames[f++ % frames.length]!
      term.write(frame, () => (count.chars += frame.length))
    }, FRAME_MS)
  })
  try {
    return await measure(opts.warmMs, opts.windowMs, count)
  } finally {
    for (const t of timers) clearInterval(t)
    for (const t of terms) t.dispose()
  }
}

/**
 * The baseline as a terminal program has it: one Node process owning the same programs' PTYs
 * (node-pty) and feeding each chunk, as it is read, into its own @xterm/headless terminal. The
 * issue's "one Node process feeding the same output into 20 @xterm/headless terminals", against
 * which tmux measured 0.76–0.9×: parsing frames from memory (`bareRound`) cannot be dearer than
 * tmux reading and parsing real PTYs, so that figure includes the reading.
 */
async function ptyBareRound(argv: string[], opts: RedrawOptions): Promise<Sample> {
  const count = { chars: 0 }
  const panes = Array.from({ length: opts.panes }, () => {
    const term = bareHeadless()
    const pty = spawnRedraw(argv)
    const sub = pty.onData((data) => term.write(data, () => (count.chars += data.length)))
    return { term, pty, sub }
  })
  try {
    return await measure(opts.warmMs, opts.windowMs, count)
  } finally {
    for (const p of panes) {
      p.sub.dispose()
      p.pty.kill('SIGKILL')
      p.term.dispose()
    }
    await sleep(200)
  }
}

/**
 * Side by side in one run, alternating: the board with `panes` redrawing panes, then bare
 * @xterm/headless parsing the same frames at the same rate. The ratio is of CPU per char parsed,
 * so a frame rate that drifts (the program's sleep plus its write) does not flatter either side.
 */
export async function benchRedraw(opts: RedrawOptions): Promise<Row[]> {
  const dir = tempDir('redraw')
  const frames = makeFrames()
  const file = join(dir, 'frames.bin')
  writeFileSync(file, frames.join('\0'))
  const argv = redrawArgv(file)
  const boards: Sample[] = []
  const agentBoards: Sample[] = []
  const inProcess: Sample[] = []
  const per = (xs: readonly { readonly cpuPerKchar: number }[]) => median(xs.map((s) => s.cpuPerKchar))
  const bares: Sample[] = []
  const floors: Sample[] = []
  const ptyBares: Sample[] = []
  const tmuxes: TmuxSample[] = []
  const ccmanagers: TmuxSample[] = []
  const withTmux = tmuxInstalled()
  const joined = frames.join('')
  const tmuxOpts = { ...opts, cols: BoardConstants.DefaultCols, rows: BoardConstants.DefaultRows, charsPerByte: joined.length / Buffer.byteLength(joined) }
  // BENCH_REDRAW_ONLY=board,bare: only these variants (a profile, a quick A/B); their rows only.
  const only = process.env.BENCH_REDRAW_ONLY?.split(',')
  const runs = (variant: string) => !only || only.includes(variant)
  const ccmanager = runs('ccmanager') ? ccmanagerInstall() : null
  for (let i = 0; i < opts.rounds; i++) {
    if (runs('bare')) bares.push(await bareRound(frames, opts))
    if (runs('board')) boards.push(await boardRound(argv, opts))
    if (runs('agents')) agentBoards.push(await boardRound(argv, opts, AGENT))
    if (runs('inprocess')) inProcess.push(await inProcessRound(argv, opts))
    if (runs('ptybare')) ptyBares.push(await ptyBareRound(argv, opts))
    if (runs('floor')) floors.push(await ptyFloorRound(argv, opts))
    if (runs('tmux') && withTmux) tmuxes.push(await tmuxRound(dir, argv, tmuxOpts))
    if (ccmanager && 'dir' in ccmanager) ccmanagers.push(await ccmanagerRound(ccmanager, dir, argv, tmuxOpts))
  }
  if (only)
    return [bares, boards, agentBoards, inProcess, floors, ptyBares, tmuxes, ccmanagers].flatMap((xs, i) =>
      xs.length
        ? [
            {
              section: SECTION,
              name: ['bare', 'board', 'agents', 'inprocess', 'floor', 'ptybare', 'tmux', 'ccmanager'][i]!,
              value: fmt(per(xs), 3),
              detail: xs === boards || xs === agentBoards ? `the pty host itself ${fmt(median((xs as Sample[]).map((s) => s.otherPerKchar)), 3)}` : '',
            },
          ]
        : [],
    )
  const ratios = boards.map((b, i) => b.cpuPerKchar / bares[i]!.cpuPerKchar)
  const ratio = per(boards) / per(bares)
  const fedRatios = boards.map((b, i) => b.cpuPerKchar / ptyBares[i]!.cpuPerKchar)
  const fedRatio = per(boards) / per(ptyBares)
  const pct = (xs: readonly { readonly cpuShare: number }[]) => `${fmt(median(xs.map((s) => s.cpuShare * 100)), 1)}% of a core`
  const rate = (xs: readonly Sample[]) => `${fmt(median(xs.map((s) => s.charsPerSec / 1000)), 0)} k chars/s`
  return [
    {
      section: SECTION,
      name: 'bare @xterm/headless: CPU ms per 1000 chars',
      value: fmt(per(bares), 3),
      detail: `${pct(bares)}, ${rate(bares)}, ${opts.rounds}× ${fmt(opts.windowMs / 1000, 0)} s`,
    },
    {
      section: SECTION,
      name: 'bare @xterm/headless fed from the same PTYs, each chunk as it is read (node-pty, one Node process): CPU ms per 1000 chars',
      value: fmt(per(ptyBares), 3),
      detail: `${pct(ptyBares)}, ${rate(ptyBares)}; ${fmt(per(ptyBares) / per(bares), 2)}× parsing from memory`,
    },
    {
      section: SECTION,
      name: 'board (PTYs in its pty host, mirrors, status, foreground; both processes): CPU ms per 1000 chars',
      value: fmt(per(boards), 3),
      detail: `${pct(boards)}, ${rate(boards)}; the pty host itself ${fmt(median(boards.map((s) => s.otherPerKchar)), 3)}`,
    },
    ...(agentBoards.length
      ? [
          {
            section: SECTION,
            name: `board, the same panes launched as agent ${AGENT} (its status rules read every screen, as for the real agent): CPU ms per 1000 chars`,
            value: fmt(per(agentBoards), 3),
            detail: `${pct(agentBoards)}, ${rate(agentBoards)}; the pty host itself ${fmt(median(agentBoards.map((s) => s.otherPerKchar)), 3)}; ${fmt(per(agentBoards) / per(boards), 2)}× the board's command panes`,
          },
        ]
      : []),
    {
      section: SECTION,
      name: 'reference: the board with its PTYs in its own process (before the pty host): CPU ms per 1000 chars',
      value: fmt(per(inProcess), 3),
      detail: `${pct(inProcess)}; the pty host adds ${fmt((per(boards) / per(inProcess) - 1) * 100, 0)} %`,
    },
    {
      section: SECTION,
      name: 'reference: the same PTYs read and dropped (node-pty, no parsing): CPU ms per 1000 chars',
      value: fmt(per(floors), 3),
      detail: `${pct(floors)}, ${fmt(per(floors) / per(bares), 2)}× bare headless before any parsing`,
    },
    ...(tmuxes.length
      ? [
          {
            section: SECTION,
            name: 'reference: tmux (owns its PTYs and parses every pane; its server, no client attached): CPU ms per 1000 chars',
            value: fmt(per(tmuxes), 3),
            detail: `${pct(tmuxes)}, ${fmt(per(tmuxes) / per(bares), 2)}× bare headless, ${fmt(per(tmuxes) / per(ptyBares), 2)}× fed from PTYs; the board ${fmt(per(boards) / per(tmuxes), 2)}× tmux`,
          },
        ]
      : [{ section: SECTION, name: 'reference: tmux', value: '—', detail: 'not installed (apt-get install tmux)' }]),
    ccmanagers.length
      ? {
          section: SECTION,
          name: `peer: ccmanager ${CCMANAGER_VERSION}'s session manager (Bun PTYs, @xterm/headless, its state check every 100 ms; one Bun process): CPU ms per 1000 chars`,
          value: fmt(per(ccmanagers), 3),
          detail: `${pct(ccmanagers)}, ${fmt(per(ccmanagers) / per(bares), 2)}× bare headless, ${fmt(per(ccmanagers) / per(ptyBares), 2)}× fed from PTYs; the board ${fmt(per(boards) / per(ccmanagers), 2)}× ccmanager`,
        }
      : {
          section: SECTION,
          name: `peer: ccmanager ${CCMANAGER_VERSION}`,
          value: '—',
          detail: ccmanager && 'missing' in ccmanager ? ccmanager.missing : 'not run',
        },
    targetRow(
      SECTION,
      'board / bare headless, CPU per char (medians)',
      ratio,
      fmt(ratio, 2),
      { limit: 1.5, atLeast: false, label: '≤ 1.5' },
      `per round ${range(ratios, 2)}`,
    ),
    targetRow(
      SECTION,
      "board / bare headless fed from the same PTYs (the issue's baseline), CPU per char (medians)",
      fedRatio,
      fmt(fedRatio, 2),
      { limit: 1.5, atLeast: false, label: '≤ 1.5' },
      `per round ${range(fedRatios, 2)}`,
    ),
    ...(ccmanagers.length
      ? [targetRow(SECTION, 'board / ccmanager, CPU per char (medians)', per(boards) / per(ccmanagers), fmt(per(boards) / per(ccmanagers), 2), BELOW_PEER)]
      : []),
    ...(agentBoards.length
      ? [
          targetRow(
            SECTION,
            `board with agent ${AGENT}'s rules / bare headless fed from the same PTYs, CPU per char (medians)`,
            per(agentBoards) / per(ptyBares),
            fmt(per(agentBoards) / per(ptyBares), 2),
            { limit: 1.5, atLeast: false, label: '≤ 1.5' },
          ),
          ...(ccmanagers.length
            ? [
                targetRow(
                  SECTION,
                  `board with agent ${AGENT}'s rules / ccmanager (whose state check reads its sessions as ${AGENT}), CPU per char (medians)`,
                  per(agentBoards) / per(ccmanagers),
                  fmt(per(agentBoards) / per(ccmanagers), 2),
                  BELOW_PEER,
                ),
              ]
            : []),
        ]
      : []),
  ]
}
