/**
 * The board with the REAL agent CLIs (Claude Code 2.1.197, Codex 0.171.0 from test/agents) against
 * the fake model servers on 127.0.0.1, in Chromium against browser mode: a dialog is detected
 * from the screen, notified out of sight, refused as text, and answered from the answer box's
 * option buttons, after which the real CLI runs the tool. Needs `npm ci --prefix test/agents`;
 * skipped with the reason where the CLIs are absent. Screenshots: e2e/artifacts/board-agent-*.png.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { launchChromium } from './support/chromium'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ensureBuilt, ROOT, startBoard, type RunningBoard } from './support/boardServer'
import {
  answerText,
  clickNotification,
  cliSubmit,
  installNotificationRecorder,
  installStateRecorder,
  raisedNotifications,
  statesSeen,
  waitForPaneState,
  waitForStates,
} from './support/boardSteps'
import { newPaneSince, newPaneThroughUi, selectPane, sidebarPaneIds } from './support/boardUi'
import { waitForAttached, waitForLine } from './support/terminalProbe'
import { FakeAnthropic } from '../test/agents/support/fakeAnthropic'
import { FakeResponses } from '../test/agents/support/fakeResponses'
import { CLAUDE_SCRIPT, claudeEnv, setUpClaudeHome } from '../test/agents/claude/setup'
import { CODEX_SCRIPT, codexEnv, setUpCodexHome } from '../test/agents/codex/setup'
import { claudeBin, CLAUDE_VERSIONS, type ClaudeVersion } from '../test/agents/support/paths'
import { modeArgs } from '../test/agents/claude/scenario'
import { INTERNAL_WORDS } from '../src/renderer/src/lib/plainWords'

const ARTIFACTS = join(ROOT, 'e2e/artifacts')
const AGENT_BIN = join(ROOT, 'test/agents/node_modules/.bin')
const haveClis = existsSync(join(AGENT_BIN, 'claude')) && existsSync(join(AGENT_BIN, 'codex'))

/** One board, one browser page with recorded notifications, and a shell to look at meanwhile. */
async function openBoard(
  env: Record<string, string>,
  version: ClaudeVersion = '2.1.197',
  viewport = { width: 1440, height: 900 },
): Promise<{ board: RunningBoard; browser: Browser; context: BrowserContext; page: Page; shell: string }> {
  // These flows (and CLAUDE_SCRIPT) were measured on Claude Code 2.1.197, whose `claude` comes first
  // on PATH; 2.1.332's modes are covered by test/agents/claude and its fixtures.
  const board = await startBoard(20_000, { PATH: `${dirname(claudeBin(version))}:${AGENT_BIN}:${process.env.PATH}`, ...env })
  const browser = await launchChromium()
  const context = await browser.newContext({ viewport, colorScheme: 'dark' })
  await context.addInitScript(installNotificationRecorder)
  await context.addInitScript(installStateRecorder)
  const page = await context.newPage()
  await page.goto(board.url)
  await page.getByTestId('notify-enable').click()
  const shell = await newPaneThroughUi(page, 'shell')
  return { board, browser, context, page, shell }
}

type OpenBoard = Awaited<ReturnType<typeof openBoard>>

/** What a describe's tests share: the board in Chromium, its fake model server, a scratch work dir. */
interface AgentBoard<F> {
  readonly root: string
  readonly work: string
  fake: F
  b: OpenBoard
}

/**
 * One board per describe, set up before its tests and torn down after them (browser, board, fake
 * server, scratch dirs): `start` makes the fake and the agent's home and says how to open the board.
 */
function useAgentBoard<F extends { close(): Promise<void> }>(
  prefix: string,
  start: (
    root: string,
    work: string,
  ) => Promise<{ fake: F; env: Record<string, string>; version?: ClaudeVersion; viewport?: { width: number; height: number } }>,
): AgentBoard<F> {
  const root = mkdtempSync(join(tmpdir(), prefix))
  const ctx = { root, work: join(root, 'work') } as AgentBoard<F>
  beforeAll(async () => {
    ensureBuilt()
    mkdirSync(ARTIFACTS, { recursive: true })
    mkdirSync(ctx.work)
    const opened = await start(root, ctx.work)
    ctx.fake = opened.fake
    ctx.b = await openBoard(opened.env, opened.version, opened.viewport)
  }, 60_000)
  afterAll(async () => {
    const { b, fake } = ctx as Partial<AgentBoard<F>>
    await b?.browser.close()
    await b?.board.stop().catch(() => undefined)
    b?.board.cleanup()
    await fake?.close()
    rmSync(root, { recursive: true, force: true })
  })
  return ctx
}

/** The real Claude Code (`version` first on PATH) with its fake Anthropic server and a scratch home. */
function useClaudeBoard(prefix: string, version: ClaudeVersion = '2.1.197', viewport?: { width: number; height: number }): AgentBoard<FakeAnthropic> {
  return useAgentBoard(prefix, async (root, work) => {
    const home = join(root, 'home')
    mkdirSync(home)
    const fake = await FakeAnthropic.start(CLAUDE_SCRIPT)
    setUpClaudeHome(home, work, join(root, 'user-hooks.jsonl'), version)
    return { fake, env: { HOME: home, ...claudeEnv(fake.url) }, version, ...(viewport ? { viewport } : {}) }
  })
}

/** Starts a command pane in `cwd` through the new-pane form; returns its id once attached. */
async function startAgent(page: Page, command: string, cwd: string): Promise<string> {
  const before = await sidebarPaneIds(page)
  await page.getByTestId('new-pane-button').click()
  await page.getByTestId('new-pane-kind-command').check()
  await page.getByTestId('new-pane-command').fill(command)
  await page.getByTestId('new-pane-cwd').fill(cwd)
  await page.getByTestId('new-pane-submit').click()
  await page.getByTestId('new-pane-form').waitFor({ state: 'detached' })
  const id = await newPaneSince(page, before)
  await waitForAttached(page, id)
  return id
}

/**
 * No visible text of the board (header, sidebar, needs-you, answer box, the badge's and the
 * timeline's plain lines) carries an event name, a payload field or a rule id; the raw evidence is
 * only in the badge's "Details" and in tooltips of the needs-you entry and the header's report.
 */
async function expectPlainWords(page: Page): Promise<void> {
  const visible = await page.evaluate(() => {
    const hidden = [...document.querySelectorAll('.visually-hidden, .xterm, .evidence')]
    const texts: string[] = []
    for (const el of document.querySelectorAll<HTMLElement>('#root *')) {
      if (hidden.some((h) => h.contains(el))) continue
      for (const n of el.childNodes) if (n.nodeType === Node.TEXT_NODE && n.textContent!.trim() && el.checkVisibility()) texts.push(n.textContent!.trim())
    }
    const titles = [...document.querySelectorAll<HTMLElement>('.state-timeline__segment')].map((e) => e.title)
    const plainRows = [...document.querySelectorAll<HTMLElement>('[data-testid="evidence-plain"]')].map((e) => e.textContent!)
    return [...texts, ...titles, ...plainRows]
  })
  expect(visible.filter((t) => INTERNAL_WORDS.test(t))).toEqual([])
}

const shot = async (page: Page, name: string) => {
  await page.mouse.move(900, 300)
  await page.screenshot({ path: join(ARTIFACTS, `board-agent-${name}.png`) })
}

describe.skipIf(!haveClis)('the board with the real Claude Code', () => {
  const ctx = useClaudeBoard('sb-board-claude-')
  let claude = ''

  it('starts at its prompt and takes a line from the answer box (line, then Enter apart)', async () => {
    claude = await startAgent(ctx.b.page, 'claude', ctx.work)
    await waitForLine(ctx.b.page, /\? for shortcuts/, 60_000)
    await waitForPaneState(ctx.b.page, claude, 'idle', 30_000)
    // Claude draws its prompt a moment before it reads input (its SessionStart hook fires about
    // then, fixtures/claude/README.md); keys sent earlier can be lost, as at a real keyboard.
    await new Promise((r) => setTimeout(r, 1500))
    const from = (await statesSeen(ctx.b.page, claude)).length
    await answerText(ctx.b.page, '[STEP1] Summarize the project.')
    await waitForStates(ctx.b.page, claude, from, ['working', 'idle'])
    await waitForLine(ctx.b.page, /builds cleanly\./)
  })

  it('blocked out of sight → badge, top of needs-you, one notification, each saying the command; “1 Yes” runs the tool', async () => {
    const { page, board, shell } = ctx.b
    await selectPane(page, shell)
    await cliSubmit(board.socketPath, claude, '[STEP2] Create the file x.txt.')
    await waitForPaneState(page, claude, 'blocked', 30_000)
    const item = page.getByTestId('needs-you-item').first()
    await expect(item.getAttribute('data-pane-id')).resolves.toBe(claude)
    // What the agent wants, from its PermissionRequest's tool_input, not the event's name.
    await expect.poll(() => item.textContent(), { timeout: 5000 }).toContain('Run `touch x.txt`?')
    await expect(item.textContent()).resolves.not.toMatch(/PermissionRequest|tool_name/)
    await expect
      .poll(async () => (await raisedNotifications(page)).map((n) => n.title), { timeout: 5000 })
      .toEqual([`#${claude} Harness scenario needs your permission`])
    const [note] = await raisedNotifications(page)
    expect(note!.body).toMatch(/^Run `touch x\.txt`\?\nclaude in /)
    await shot(page, 'claude-blocked')

    await clickNotification(page, 0)
    await waitForAttached(page, claude)
    // The header names the agent and what its latest report (the hook that opened the dialog)
    // means, in plain words; the event's name is one hover away.
    await expect(page.getByTestId('pane-header-agent').textContent()).resolves.toMatch(/^claude( 2\.1\.197)?$/)
    const lastReport = page.getByTestId('pane-header-last-report')
    await expect
      .poll(() => lastReport.textContent(), { timeout: 5000 })
      .toMatch(/^Claude Code (asked for permission|is about to use a tool|sent a notification) /)
    await expect(lastReport.getAttribute('title')).resolves.toMatch(/PermissionRequest|PreToolUse|Notification/)
    await expectPlainWords(page)
    await page.getByTestId('dialog-option').first().waitFor()
    await expect(page.getByTestId('pane-header-ask').textContent()).resolves.toBe('Run `touch x.txt`?')
    expect(existsSync(join(ctx.work, 'x.txt'))).toBe(false)
    await shot(page, 'claude-dialog')

    const from = (await statesSeen(page, claude)).length
    await page.locator('[data-testid="dialog-option"][data-key="1"]').click()
    await expect.poll(() => existsSync(join(ctx.work, 'x.txt')), { timeout: 15_000 }).toBe(true)
    await waitForStates(page, claude, from, ['working', 'idle'])
    await waitForLine(page, /Created x\.txt for you\./)
    await shot(page, 'claude-answered')
  })

  it('at 800 px the 5-option question shows every option and Deny; “Type something.” takes a typed answer, which reaches the model', async () => {
    const { page } = ctx.b
    await page.setViewportSize({ width: 800, height: 600 })
    await answerText(page, '[STEP4] Set up the database.')
    await waitForPaneState(page, claude, 'question', 30_000)
    await page.locator('[data-testid="dialog-option"][data-key="5"]').waitFor()
    await expect(page.getByTestId('dialog-option').allTextContents()).resolves.toEqual([
      '1PostgreSQL',
      '2SQLite',
      '3Redis',
      '4Type something.',
      '5Chat about this',
    ])
    for (const button of [...(await page.getByTestId('dialog-option').all()), page.getByTestId('dialog-deny')]) {
      const box = (await button.boundingBox())!
      expect(box.x >= 0 && box.x + box.width <= 800 && box.y >= 0 && box.y + box.height <= 600, `${await button.textContent()} is in view`).toBe(true)
      // Not cut off by the options' scroll area either.
      await expect(
        button.evaluate((el) => {
          const area = el.closest('.dialog-answer__options') ?? el.parentElement!
          const [a, r] = [area.getBoundingClientRect(), el.getBoundingClientRect()]
          return r.top >= a.top - 1 && r.bottom <= a.bottom + 1
        }),
      ).resolves.toBe(true)
    }
    await expect(page.getByTestId('pane-header-ask').textContent()).resolves.toBe('Which database should the service use?')
    await expectPlainWords(page)
    await shot(page, 'claude-question-800')
    await page.locator('[data-testid="dialog-option"][data-key="4"]').click()
    const field = page.getByTestId('dialog-free-text')
    await field.waitFor()
    await field.fill('MariaDB, please')
    await shot(page, 'claude-free-text')
    await field.press('Enter')
    await expect.poll(() => page.getByTestId('answer-message').textContent(), { timeout: 5000 }).toContain('Sent your answer to option 4, then Enter')
    await waitForLine(page, /→ MariaDB, please/, 30_000)
    await expect.poll(() => ctx.fake.toolResults.some((r) => r.includes('"MariaDB, please"')), { timeout: 15_000 }).toBe(true)
    await waitForPaneState(page, claude, 'idle', 30_000)
    await shot(page, 'claude-free-text-answered')
    await page.setViewportSize({ width: 1440, height: 900 })
  })

  it('a reply that ends with a question: asked (from the agent’s Stop report), in needs-you, and answered from the box', async () => {
    const { page, board, shell } = ctx.b
    await selectPane(page, shell)
    await cliSubmit(board.socketPath, claude, '[STEP5] Fix the parser bug.')
    await waitForPaneState(page, claude, 'asked', 30_000)
    const item = page.locator(`[data-testid="needs-you-item"][data-pane-id="${claude}"]`)
    await expect(item.getAttribute('data-kind')).resolves.toBe('asked')
    await expect(item.textContent()).resolves.toContain('Should I also add a regression test?')
    await expect
      .poll(async () => (await raisedNotifications(page)).filter((n) => n.title.endsWith('asks you')).map((n) => n.silent), { timeout: 5000 })
      .toEqual([true])
    await shot(page, 'claude-asked')
    await item.locator('button').click()
    await waitForAttached(page, claude)
    const from = (await statesSeen(page, claude)).length
    await answerText(page, 'Yes, add one.')
    // Submitted: a new turn ran (the fake model answers from the last [STEP] tag again, so the
    // reply, and the state after it, are the same as before).
    await waitForStates(page, claude, from, ['working', 'asked'])
    await waitForLine(page, /❯ Yes, add one\./)
  })
})

/** Every option button and Deny inside the window and inside the options' area. */
async function expectOptionsInView(page: Page): Promise<void> {
  const { width, height } = page.viewportSize()!
  for (const button of [...(await page.getByTestId('dialog-option').all()), page.getByTestId('dialog-deny')]) {
    const box = (await button.boundingBox())!
    expect(box.x >= 0 && box.x + box.width <= width && box.y >= 0 && box.y + box.height <= height, `${await button.textContent()} is in view`).toBe(true)
    await expect(
      button.evaluate((el) => {
        const area = el.closest('.dialog-answer__options') ?? el.parentElement!
        const [a, r] = [area.getBoundingClientRect(), el.getBoundingClientRect()]
        return r.top >= a.top - 1 && r.bottom <= a.bottom + 1 && r.right <= a.right + 1
      }),
    ).resolves.toBe(true)
  }
}

describe.skipIf(!haveClis).each(CLAUDE_VERSIONS)('a narrow window with the real Claude Code %s: every option’s full label and Deny in view', (version) => {
  // 740 px: the pane is about 60×19, where issue 12 saw only "1 Yes" and a button "Nooject".
  const ctx = useClaudeBoard('sb-board-narrow-', version, { width: 740, height: 560 })
  let claude = ''

  it('the Bash dialog at 740 px: each option whole (from the wrapped rows or Claude’s own wording), Deny answers it', async () => {
    const { page } = ctx.b
    // 2.1.332 starts in auto mode; its numbered dialogs are the default (manual) mode's.
    claude = await startAgent(page, ['claude', ...modeArgs('manual', version)].join(' '), ctx.work)
    await waitForLine(page, /\? for shortcuts/, 60_000)
    await waitForPaneState(page, claude, 'idle', 30_000)
    await new Promise((r) => setTimeout(r, 1500))
    const from = (await statesSeen(page, claude)).length
    await answerText(page, '[STEP2] Create the file x.txt.')
    await waitForPaneState(page, claude, 'blocked', 30_000)
    await page.getByTestId('dialog-option').first().waitFor()
    const expected =
      version === '2.1.197'
        ? ['Yes', 'Yes, and always allow access to work/ from this project', 'No']
        : [
            'Yes',
            `Yes, and always allow access to ${ctx.work} from this project`,
            'Yes, and switch to auto mode · auto mode handles these prompts for you',
            'No',
          ]
    // The options fill in as the dialog's rows are read (wrapped rows join up): wait for them whole.
    await expect.poll(() => page.locator('[data-testid="dialog-option"] .option-button__label').allTextContents(), { timeout: 5000 }).toEqual(expected)
    await shot(page, `claude-${version}-bash-740`)
    await expectOptionsInView(page)
    await expectPlainWords(page)
    await page.getByTestId('dialog-deny').click()
    await waitForStates(page, claude, from, ['idle'])
    expect(existsSync(join(ctx.work, 'x.txt'))).toBe(false)
  })

  it('the 5-option question at 800 px: every option and Deny', async () => {
    const { page } = ctx.b
    await page.setViewportSize({ width: 800, height: 600 })
    await page.waitForFunction(() => !document.querySelector('[data-testid="dialog-option"]'))
    await new Promise((r) => setTimeout(r, 1500))
    await answerText(page, '[STEP4] Set up the database.')
    await waitForPaneState(page, claude, 'question', 30_000)
    await page.locator('[data-testid="dialog-option"][data-key="5"]').waitFor()
    await expect(page.locator('[data-testid="dialog-option"] .option-button__label').allTextContents()).resolves.toEqual([
      'PostgreSQL',
      'SQLite',
      'Redis',
      'Type something.',
      'Chat about this',
    ])
    await expectOptionsInView(page)
    await shot(page, `claude-${version}-question-800`)
    await page.getByTestId('dialog-deny').click()
    await waitForPaneState(page, claude, 'idle', 15_000)
  })
})

describe.skipIf(!haveClis)('the board with the real Codex', () => {
  const ctx = useAgentBoard('sb-board-codex-', async (root, work) => {
    const codexHome = join(root, 'codex-home')
    const fake = await FakeResponses.start(CODEX_SCRIPT)
    setUpCodexHome(codexHome, work, fake.url, join(root, 'user-hooks.jsonl'))
    return { fake, env: codexEnv(codexHome) }
  })
  let codex = ''

  it('approval out of sight → one notification (its bell is the same interruption); no text field; “1” approves and Codex runs the command', async () => {
    const { page, board, shell } = ctx.b
    // The board launches it with reporting injected and --no-daemon (src/board/agents/codex.ts).
    codex = await startAgent(page, 'codex', ctx.work)
    await waitForLine(page, /Ask Codex to do anything/, 60_000)
    await waitForPaneState(page, codex, 'idle', 30_000)
    await new Promise((r) => setTimeout(r, 1500))
    await selectPane(page, shell)
    await cliSubmit(board.socketPath, codex, '[STEP2] Create the marker file.')
    await waitForPaneState(page, codex, 'blocked', 30_000)
    await expect.poll(async () => (await raisedNotifications(page)).length, { timeout: 5000 }).toBe(1)
    await clickNotification(page, 0)
    await waitForAttached(page, codex)
    await page.getByTestId('dialog-option').first().waitFor()
    await expect(page.getByTestId('dialog-title').textContent()).resolves.toContain('Would you like to run the following command?')
    await expect(page.getByTestId('answer-input').count()).resolves.toBe(0)
    await shot(page, 'codex-dialog')
    const from = (await statesSeen(page, codex)).length
    await page.locator('[data-testid="dialog-option"][data-key="1"]').click()
    await expect.poll(() => existsSync(join(ctx.work, 'approved.txt')), { timeout: 20_000 }).toBe(true)
    await waitForStates(page, codex, from, ['working', 'idle'])
    await waitForLine(page, /Created approved\.txt\./, 30_000)
    await shot(page, 'codex-answered')
  }, 180_000)

  it('a reply that asks: Codex’s asked entry in needs-you reads its question, not its terminal state', async () => {
    const { page, board, shell } = ctx.b
    await selectPane(page, shell)
    await cliSubmit(board.socketPath, codex, '[STEP4] Pick an approach.')
    await waitForPaneState(page, codex, 'asked', 30_000)
    const item = page.locator(`[data-testid="needs-you-item"][data-pane-id="${codex}"]`)
    await expect(item.getAttribute('data-kind')).resolves.toBe('asked')
    await expect.poll(() => item.textContent(), { timeout: 5000 }).toContain('Which one do you prefer?')
    await expect(item.textContent()).resolves.not.toMatch(/state=|app=codex|terminal state/)
    await expect(item.locator('button').getAttribute('title')).resolves.toContain('state=done:app=codex')
    await selectPane(page, codex)
    await expectPlainWords(page)
    await shot(page, 'codex-asked')
  }, 120_000)
})
