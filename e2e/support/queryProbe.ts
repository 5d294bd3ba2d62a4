/**
 * The check that a terminal query is answered exactly once (by the board, the pane's terminal of
 * record) and not a second time by the renderer's xterm.
 */
import { chmodSync, copyFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import type { HookGlobal, TermLike } from './terminalProbe'

/** Copies the reply-counting script (see count-replies.sh) into a pane's working directory. */
export function writeQueryScript(dir: string): string {
  const path = join(dir, 'count-replies.sh')
  copyFileSync(join(__dirname, 'count-replies.sh'), path)
  chmodSync(path, 0o755)
  return path
}

/** Every query the renderer guards against, as a program would send it. */
export const GUARDED_QUERIES = [
  '\x1b[c', // DA1
  '\x1b[>c', // DA2
  '\x1b[=c', // DA3
  '\x1b[5n', // DSR status
  '\x1b[6n', // DSR cursor position
  '\x1b[?6n', // DEC extended cursor position
  '\x1b[4$p', // DECRQM, ANSI mode
  '\x1b[?2004$p', // DECRQM, DEC private mode
  '\x1b[>q', // XTVERSION
  '\x1b[14t\x1b[16t\x1b[18t\x1b[21t', // XTWINOPS reports
  '\x1bP$qm\x1b\\', // DECRQSS
  '\x1b]4;1;?\x07\x1b]10;?\x07\x1b]11;?\x07\x1b]12;?\x1b\\', // colour queries
].join('')

/**
 * Writes the queries straight into the page's pane xterm and into an unguarded xterm of the same
 * build (the control: it must answer, or the check proves nothing); returns what each sent back.
 */
export async function repliesInPage(page: Page): Promise<{ guarded: string; unguarded: string }> {
  return page.evaluate(async (queries) => {
    const term = (globalThis as unknown as HookGlobal).__switchboardTerminal
    if (!term) throw new Error('no terminal hooked')
    const collect = (t: TermLike) =>
      new Promise<string>((resolve) => {
        let out = ''
        const sub = t.onData((d) => (out += d))
        t.write(queries, () => {
          sub.dispose()
          resolve(out)
        })
      })
    const guarded = await collect(term)
    const Ctor = term.constructor as new (options: object) => TermLike & { dispose(): void }
    const bare = new Ctor({ allowProposedApi: true })
    const unguarded = await collect(bare)
    bare.dispose()
    return { guarded, unguarded }
  }, GUARDED_QUERIES)
}
