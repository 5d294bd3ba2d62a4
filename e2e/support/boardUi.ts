/** Driving the board's UI the way a person does; shared by the browser and Electron tests. */
import type { Page } from 'playwright-core'
import { waitForAttached } from './terminalProbe'

/**
 * The ids of the panes in the sidebar, once it holds the board's list. A page just loaded shows an
 * empty list until the list arrives (later still on a busy machine): read then, every pane would
 * look new to a caller that finds a new pane by what the sidebar gained.
 */
export async function sidebarPaneIds(page: Page): Promise<string[]> {
  await page.locator('[data-testid="pane-list"][aria-busy="false"]').waitFor()
  return page.getByTestId('pane-item').evaluateAll((els) => els.map((e) => e.getAttribute('data-pane-id') ?? ''))
}

/** The one pane the sidebar gained since `before` (sidebarPaneIds); throws if none or several. */
export async function newPaneSince(page: Page, before: readonly string[]): Promise<string> {
  const added = (await sidebarPaneIds(page)).filter((id) => !before.includes(id))
  if (added.length !== 1) throw new Error(`expected one new pane in the sidebar, found ${JSON.stringify(added)} (before: ${JSON.stringify(before)})`)
  return added[0]!
}

/** Creates a pane through the "New pane" form; returns its id once its terminal is attached. */
export async function newPaneThroughUi(page: Page, kind: 'shell' | 'command', command?: string): Promise<string> {
  const before = await sidebarPaneIds(page)
  await page.getByTestId('new-pane-button').click()
  await page.getByTestId(`new-pane-kind-${kind}`).check()
  if (command !== undefined) await page.getByTestId('new-pane-command').fill(command)
  await page.getByTestId('new-pane-submit').click()
  await page.getByTestId('new-pane-form').waitFor({ state: 'detached' })
  const id = await newPaneSince(page, before)
  await waitForAttached(page, id)
  return id
}

export async function typeLine(page: Page, text: string): Promise<void> {
  await page.getByTestId('terminal').click()
  await page.keyboard.type(text)
  await page.keyboard.press('Enter')
}

export async function selectPane(page: Page, id: string): Promise<void> {
  await page.locator(`[data-testid="pane-item"][data-pane-id="${id}"] .pane-item__main`).click()
  await waitForAttached(page, id)
}

/** Sets an environment editor's rows (EnvRows, by its test id) to exactly `env`. */
export async function fillEnv(page: Page, testId: string, env: Readonly<Record<string, string>>): Promise<void> {
  const editor = page.getByTestId(testId)
  while ((await editor.getByTestId('env-remove').count()) > 0) await editor.getByTestId('env-remove').first().click()
  for (const [name, value] of Object.entries(env)) {
    await editor.getByTestId('env-add').click()
    await editor.getByTestId('env-name').last().fill(name)
    await editor.getByTestId('env-value').last().fill(value)
  }
}
