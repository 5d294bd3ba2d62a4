/** Driving the board's UI the way a person does; shared by the browser and Electron tests. */
import type { Page } from 'playwright-core'
import { waitForAttached } from './terminalProbe'

/** Creates a pane through the "New pane" form; returns its id once its terminal is attached. */
export async function newPaneThroughUi(page: Page, kind: 'shell' | 'command', command?: string): Promise<string> {
  const ids = () => page.getByTestId('pane-item').evaluateAll((els) => els.map((e) => e.getAttribute('data-pane-id')))
  const before = new Set(await ids())
  await page.getByTestId('new-pane-button').click()
  await page.getByTestId(`new-pane-kind-${kind}`).check()
  if (command !== undefined) await page.getByTestId('new-pane-command').fill(command)
  await page.getByTestId('new-pane-submit').click()
  await page.getByTestId('new-pane-form').waitFor({ state: 'detached' })
  const id = (await ids()).find((x) => x !== null && !before.has(x))
  if (!id) throw new Error('no new pane in the sidebar')
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
