/**
 * Launching the way people work, end to end in Chromium against browser mode: an agent picked by
 * kind in the new-pane form (main builds its command line from the settings), with its own
 * arguments, environment and git worktree; what it changed, in the changes view; closing it
 * (keep or remove the worktree); the same launch from the CLI, and `ls --json` with the branch
 * and counts. The "agent" is a stand-in named `claude` that edits a file in its checkout.
 * Screenshots: e2e/artifacts/launch-*.png.
 */
import { execFile, execFileSync } from 'node:child_process'
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { launchChromium } from './support/chromium'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ensureBuilt, ROOT, startBoard, type RunningBoard } from './support/boardServer'
import { fillEnv, newPaneThroughUi } from './support/boardUi'
import { waitForAttached, waitForLine } from './support/terminalProbe'

const ARTIFACTS = join(ROOT, 'e2e/artifacts')
const CLI = join(ROOT, 'bin/switchboard.js')
const root = mkdtempSync(join(tmpdir(), 'sb-launch-e2e-'))
const bin = join(root, 'bin')
const repo = join(root, 'app')

function gitIn(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', ...args], { cwd, encoding: 'utf8' })
}

let board: RunningBoard
let browser: Browser
let page: Page

async function shot(name: string): Promise<void> {
  await page.mouse.move(1400, 880)
  await page.screenshot({ path: join(ARTIFACTS, `launch-${name}.png`) })
}

function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI, '--socket', board.socketPath, ...args], { timeout: 20_000, cwd: repo }, (err, stdout, stderr) =>
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    )
  })
}

function cmdline(pid: number): string[] {
  return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean)
}

async function paneInfo(id: string): Promise<{ pid: number; worktree: { path: string; branch: string } | null; changes: { files: number } | null }> {
  const list = JSON.parse((await cli(['ls', '--json'])).stdout) as {
    id: string
    pid: number
    worktree: { path: string; branch: string } | null
    changes: { files: number } | null
  }[]
  const found = list.find((p) => p.id === id)
  if (!found) throw new Error(`no pane ${id} in ls --json`)
  return found
}

describe('launching agents from the form and the CLI', () => {
  beforeAll(async () => {
    ensureBuilt()
    mkdirSync(ARTIFACTS, { recursive: true })
    mkdirSync(bin)
    // Prints what it was given, edits a source file in its checkout, and stays.
    writeFileSync(
      join(bin, 'claude'),
      [
        '#!/bin/bash',
        'echo "args: $*"',
        'echo "GREETING=$GREETING"',
        "cat > greet.ts <<'TS'",
        'export function greet(name: string): string {',
        '  return `hello ${name}`',
        '}',
        'TS',
        'echo "edited greet.ts"',
        'sleep 600',
        '',
      ].join('\n'),
    )
    chmodSync(join(bin, 'claude'), 0o755)
    mkdirSync(repo)
    gitIn(repo, 'init', '-q', '-b', 'main')
    writeFileSync(join(repo, 'greet.ts'), 'export function greet(name: string): string {\n  return "hi " + name\n}\n')
    gitIn(repo, 'add', '.')
    gitIn(repo, 'commit', '-qm', 'start')
    // No `pi` on this PATH: the missing-executable message is checked with it.
    board = await startBoard(20_000, { PATH: `${bin}:/usr/local/bin:/usr/bin:/bin` })
    browser = await launchChromium()
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, colorScheme: 'dark' })
    page = await context.newPage()
    await page.goto(board.url)
    await page.getByTestId('empty-state').waitFor()
  })

  afterAll(async () => {
    await browser?.close()
    await board?.stop().catch(() => undefined)
    board?.cleanup()
    rmSync(root, { recursive: true, force: true })
  })

  it('says where to set a missing agent, and opens that setting', async () => {
    await page.getByTestId('new-pane-button').click()
    await page.getByTestId('new-pane-kind-agent').check()
    await page.getByTestId('new-pane-agent').selectOption('pi')
    await page.getByTestId('new-pane-submit').click()
    const error = page.getByTestId('new-pane-error')
    await expect
      .poll(() => error.textContent())
      .toMatch(/pi: no executable named pi on PATH \(looked in .*\)\. Install it, or set its path in Settings → Agents → pi → Executable\./)
    await shot('missing-agent')
    await page.getByTestId('new-pane-open-agent-settings').click()
    await page.getByTestId('settings-agents').waitFor()
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('settings-agent-claude-executable')
    await page.keyboard.press('Escape')
    await page.getByTestId('settings-page').waitFor({ state: 'detached' })
  })

  it('starts claude by kind with arguments, environment and its own worktree; shows and diffs what it changed', async () => {
    if (!(await page.getByTestId('new-pane-form').isVisible())) await page.getByTestId('new-pane-button').click()
    await page.getByTestId('new-pane-kind-agent').check()
    await page.getByTestId('new-pane-agent').selectOption('claude')
    await page.getByTestId('new-pane-args').fill('--model opus')
    await fillEnv(page, 'new-pane-env', { GREETING: 'hello from the form' })
    await page.getByTestId('new-pane-cwd').fill(repo)
    await page.getByTestId('new-pane-worktree').check()
    await page.getByTestId('new-pane-branch').fill('agent/greet')
    await page.getByTestId('new-pane-setup').fill('echo ok > .setup-ran')
    await expect.poll(() => page.getByTestId('new-pane-agent-command').textContent()).toBe('claude --model opus')
    await shot('form')
    await page.getByTestId('new-pane-submit').click()
    await page.getByTestId('new-pane-form').waitFor({ state: 'detached' })
    const id = (await page.getByTestId('pane-item').first().getAttribute('data-pane-id'))!
    await waitForAttached(page, id)
    await waitForLine(page, 'GREETING=hello from the form')
    await waitForLine(page, 'edited greet.ts')

    const info = await paneInfo(id)
    const folder = join(root, 'app.worktrees', 'agent-greet')
    expect(info.worktree).toMatchObject({ path: folder, branch: 'agent/greet' })
    // Main built the command line from the settings (with its reporting flags before the user's).
    expect(cmdline(info.pid).slice(0, 2)).toEqual(['/bin/bash', join(bin, 'claude')])
    expect(cmdline(info.pid).slice(-2)).toEqual(['--model', 'opus'])
    expect(existsSync(join(folder, '.setup-ran'))).toBe(true)

    await expect.poll(() => page.getByTestId('pane-header-worktree').textContent()).toMatch(/agent\/greet from main in app/)
    // The setup's file is untracked: it counts, with the agent's edit.
    await expect.poll(() => page.getByTestId('pane-header-changes').textContent(), { timeout: 15_000 }).toBe('2 files changed, +2 −1')
    await shot('pane-changes')
    await page.getByTestId('pane-header-changes').click()
    const diff = page.getByTestId('changes-diff')
    await diff.locator('.d2h-file-wrapper').first().waitFor()
    // diff2html writes spaces as non-breaking ones.
    await expect.poll(async () => (await diff.innerText()).replace(/\s+/g, ' ')).toContain('return `hello ${name}`')
    expect(await diff.locator('.d2h-ins').count()).toBeGreaterThan(0)
    // Syntax colours: highlight.js marked the TypeScript keywords.
    expect(await diff.locator('.hljs-keyword').count()).toBeGreaterThan(0)
    await shot('changes-unified')
    await page.getByTestId('changes-layout-side-by-side').check()
    await diff.locator('.d2h-file-side-diff').first().waitFor()
    await shot('changes-split')
    // Live while open: a file written meanwhile shows up without Refresh.
    writeFileSync(join(folder, 'later.ts'), 'export const later = 1\n')
    await expect.poll(async () => (await diff.innerText()).includes('later.ts'), { timeout: 10_000 }).toBe(true)
    expect(await page.getByTestId('changes-summary').textContent()).toMatch(/^3 files changed, \+3 −1/)
    rmSync(join(folder, 'later.ts'))
    await page.keyboard.press('Escape')

    // Close: kill, then remove — it asks, and refuses to lose the uncommitted work.
    await page.getByTestId('pane-header-close').click()
    await expect.poll(() => page.getByTestId('pane-header-close').textContent()).toContain('Remove')
    await page.getByTestId('pane-header-close').click()
    await page.getByTestId('worktree-close-unsafe').waitFor()
    expect(await page.getByTestId('worktree-close-unsafe').textContent()).toMatch(
      /2 uncommitted files \(greet\.ts, \.setup-ran\)|2 uncommitted files \(\.setup-ran, greet\.ts\)/,
    )
    await shot('close-worktree')
    await page.getByTestId('worktree-close-keep').click()
    await page.getByTestId('worktree-close').waitFor({ state: 'detached' })
    expect(existsSync(join(folder, 'greet.ts'))).toBe(true)
    expect(gitIn(repo, 'branch', '--list', '--format=%(refname:short)', 'agent/greet').trim()).toBe('agent/greet')
  })

  it('launches the same way from the CLI, and ls --json carries the branch and the counts', async () => {
    const spawned = await cli([
      'spawn',
      '--agent',
      'claude',
      '--arg',
      '--model',
      '--arg',
      'sonnet',
      '--env',
      'GREETING=from the cli',
      '--worktree',
      'agent/cli',
      '--cwd',
      repo,
    ])
    expect(spawned.stderr).toBe('')
    const id = spawned.stdout.trim()
    // The stand-in rewrites greet.ts with `cat >`: a count can land between the truncation and the
    // write (1 file, +0 −3), and the next count, after its state changes, says what it did.
    await expect.poll(async () => (await paneInfo(id)).changes, { timeout: 15_000 }).toMatchObject({ files: 1, added: 1, removed: 1 })
    const p = (await paneInfo(id)) as unknown as { pid: number; branch: string }
    expect(p.branch).toBe('agent/cli')
    expect(cmdline(p.pid).slice(-2)).toEqual(['--model', 'sonnet'])
    const again = await cli(['spawn', '--agent', 'claude', '--worktree', 'agent/cli', '--cwd', repo])
    expect(again.code).toBe(1)
    expect(again.stderr).toMatch(/branch agent\/cli already exists/)

    // What it changed, read from the CLI: the files, and with --diff the diff.
    const changes = await cli(['changes', id])
    expect(changes).toMatchObject({ code: 0, stderr: '' })
    expect(changes.stdout).toMatch(/^1 file changed, \+1 −1 since [0-9a-f]{8} on agent\/cli \(from main\)\nmodified\s+greet\.ts\s+\+1 −1\n$/)
    const withDiff = await cli(['changes', id, '--diff'])
    expect(withDiff.stdout).toContain('+++ b/greet.ts\n')
    expect(withDiff.stdout).toContain('+  return `hello ${name}`\n')
    const asJson = JSON.parse((await cli(['changes', id, '--json'])).stdout) as { files: unknown[]; diff: string }
    expect(asJson.files).toEqual([{ path: 'greet.ts', status: 'modified', added: 1, removed: 1 }])
    expect(asJson.diff).toContain('+++ b/greet.ts')

    // Closing it from the CLI: keep or remove must be said; a removal that loses work is refused unless forced.
    const folder = join(root, 'app.worktrees', 'agent-cli')
    const ask = await cli(['close', id])
    expect(ask.code).toBe(2)
    expect(ask.stderr).toMatch(
      new RegExp(
        `pane ${id} has its own worktree ${folder} on branch agent/cli \\(from main\\), with 1 uncommitted file \\(greet\\.ts\\); close it with --keep-worktree .* or --remove-worktree --force`,
      ),
    )
    const refused = await cli(['close', id, '--remove-worktree'])
    expect(refused.code).toBe(1)
    expect(refused.stderr).toMatch(/kept the worktree .*1 uncommitted file \(greet\.ts\)/)
    expect((await paneInfo(id)).worktree).toMatchObject({ path: folder })
    const forced = await cli(['close', id, '--remove-worktree', '--force'])
    expect(forced).toMatchObject({ code: 0, stderr: '' })
    expect(forced.stdout).toBe(`closed pane ${id} and removed its worktree ${folder} (branch agent/cli)\n`)
    expect(existsSync(folder)).toBe(false)
    expect(gitIn(repo, 'branch', '--list', 'agent/cli')).toBe('')
    const list = JSON.parse((await cli(['ls', '--json'])).stdout) as { id: string }[]
    expect(list.some((p) => p.id === id)).toBe(false)
  })

  it('saves the form as a preset, offers it in the form, and the CLI launches it by name', async () => {
    await page.getByTestId('new-pane-button').click()
    await page.getByTestId('new-pane-kind-agent').check()
    await page.getByTestId('new-pane-agent').selectOption('claude')
    await page.getByTestId('new-pane-args').fill('--permission-mode plan')
    await fillEnv(page, 'new-pane-env', { GREETING: 'planning' })
    await page.getByTestId('new-pane-preset-name').fill('claude, plan mode')
    await page.getByTestId('new-pane-save-preset').click()
    await expect
      .poll(() => JSON.parse(readFileSync(join(board.configDir, 'settings.json'), 'utf8')).presets)
      .toEqual([
        {
          name: 'claude, plan mode',
          agent: 'claude',
          args: ['--permission-mode', 'plan'],
          env: { GREETING: 'planning' },
          cwd: '',
          setup: [],
          worktree: false,
          host: '',
        },
      ])
    // The preset just saved is chosen (issue 22 item 7), and its arguments and environment left the fields: they are in it now.
    await expect.poll(() => page.getByTestId('new-pane-preset').inputValue()).toBe('claude, plan mode')
    await expect(page.getByTestId('new-pane-args').inputValue()).resolves.toBe('')
    await expect(page.getByTestId('new-pane-env').getByTestId('env-row').count()).resolves.toBe(0)
    await expect.poll(() => page.getByTestId('new-pane-agent-command').textContent()).toBe('claude --permission-mode plan')
    await shot('preset')
    await page.getByTestId('new-pane-submit').click()
    await page.getByTestId('new-pane-form').waitFor({ state: 'detached' })
    await waitForLine(page, 'GREETING=planning')

    const spawned = await cli(['spawn', '--preset', 'claude, plan mode', '--arg', '--verbose'])
    const id = spawned.stdout.trim()
    expect(spawned.stderr).toBe('')
    const pid = (await paneInfo(id)).pid
    await expect.poll(() => cmdline(pid).slice(-3)).toEqual(['--permission-mode', 'plan', '--verbose'])
    const unknown = await cli(['spawn', '--preset', 'nope'])
    expect(unknown.stderr).toMatch(/no launch preset named "nope"; the presets are "claude, plan mode"/)

    await page.getByTestId('open-settings').click()
    await page.getByTestId('settings-presets').scrollIntoViewIfNeeded()
    await expect.poll(() => page.getByTestId('settings-preset').textContent()).toMatch(/claude, plan mode.*claude --permission-mode plan.*GREETING/)
    await shot('settings')
    await page.keyboard.press('Escape')
    await page.getByTestId('settings-page').waitFor({ state: 'detached' })
  })

  it('a finished turn in Needs you says how many files it changed', async () => {
    await page.getByTestId('new-pane-button').click()
    await page.getByTestId('new-pane-kind-shell').check()
    await page.getByTestId('new-pane-cwd').fill(repo)
    await page.getByTestId('new-pane-submit').click()
    await page.getByTestId('new-pane-form').waitFor({ state: 'detached' })
    const id = (await page.getByTestId('pane-header').locator('.pane-header__id').textContent())!.slice(1)
    await waitForAttached(page, id)
    await page.getByTestId('terminal').click()
    await page.keyboard.type('sleep 2; echo one > notes.txt; echo two >> greet.ts; printf "a\\nb\\n" > todo.txt')
    await page.keyboard.press('Enter')
    // Look elsewhere while it works, so the end of its turn is news.
    await newPaneThroughUi(page, 'shell')
    const item = page.locator(`[data-testid="needs-you-item"][data-pane-id="${id}"][data-kind="finished"]`)
    await item.waitFor({ timeout: 15_000 })
    await expect.poll(() => item.getByTestId('needs-you-changes').textContent(), { timeout: 10_000 }).toBe('3 files changed')
    await page.getByTestId('needs-you').screenshot({ path: join(ARTIFACTS, 'launch-needs-you.png') })
  })
})
