import { readFileSync } from 'node:fs'
import { shippedAgents } from '../../board/agents/agentCatalog'
import { HeadlessMirror } from '../../board/screen/headlessMirror'
import { realClock } from '../../board/util/clock'
import { compileRules, type CompiledRule } from '../../core/rules/compileRules'
import { evaluateRules } from '../../core/rules/evaluateRules'
import type { ScreenView } from '../../core/rules/ruleTypes'
import { parseCast } from '../replay/asciicast'
import { fmt, median } from './stats'
import { findInRepo } from './support'
import type { Row } from './table'

const SECTION =
  "Status rules: Claude Code's shipped rules on the screens of a real recording (one evaluation, as a pane's status runs it on each screen change)"
const RECORDING = 'test/fixtures/claude/cc21197-manual-120x32.cast'
const ROUNDS = 5

/** The recording played into a mirror of its size: the screen after each chunk of output, as the status reads it. */
async function screensOf(file: string): Promise<ScreenView[]> {
  const cast = parseCast(readFileSync(file, 'utf8'))
  const mirror = new HeadlessMirror(cast.cols, cast.rows, realClock)
  const screens: ScreenView[] = []
  try {
    for (const event of cast.events) {
      if (event.type !== 'o') continue
      await new Promise<void>((resolve) => mirror.write(event.data, resolve))
      screens.push({ ...mirror.screen(), title: mirror.title })
    }
  } finally {
    mirror.dispose()
  }
  return screens
}

/** µs per evaluation over every screen, a fresh view each time (what the memo of one screen may reuse, it reuses within one evaluation only). */
function timeRules(rules: readonly CompiledRule[], screens: readonly ScreenView[]): number {
  const started = performance.now()
  let matched = 0
  for (const view of screens) if (evaluateRules(rules, { ...view, lines: view.lines.slice() })) matched++
  if (matched === 0) throw new Error('no rule matched any screen of the recording: the rules or the recording are not what this bench expects')
  return ((performance.now() - started) * 1000) / screens.length
}

/**
 * One evaluation of Claude's rules, µs, on every screen of a recorded session: as compiled for
 * panes (the backtracking engine, linear past 50 000 backtracks) against the same rules matched by
 * the linear engine alone (how they ran before), alternated, side by side.
 */
export async function benchRules(): Promise<Row[]> {
  const file = findInRepo(RECORDING)
  if (!file) return [{ section: SECTION, name: 'skipped', value: '—', detail: `${RECORDING} not found (run from the repository)` }]
  const screens = await screensOf(file)
  const loaded = shippedAgents().ruleFile('claude')
  if (!loaded) throw new Error('no shipped rules for claude')
  const linear = compileRules(loaded.spec.rules, (source, flags) => new RegExp(source, `${flags}l`))
  if (!linear.ok) throw new Error(`Claude's rules do not compile for the linear engine: ${linear.errors[0]?.message}`)
  const shipped = loaded.rules
  const asShipped: number[] = []
  const linearOnly: number[] = []
  // Warm both (JIT, the regexes' first compile).
  timeRules(shipped, screens)
  timeRules(linear.rules, screens)
  for (let i = 0; i < ROUNDS; i++) {
    asShipped.push(timeRules(shipped, screens))
    linearOnly.push(timeRules(linear.rules, screens))
  }
  const a = median(asShipped)
  const b = median(linearOnly)
  return [
    {
      section: SECTION,
      name: 'one evaluation, µs (rules as compiled for panes: backtracking, linear past 50 000 backtracks)',
      value: fmt(a, 1),
      detail: `${loaded.rules.length} rules, ${screens.length} screens of ${RECORDING.split('/').pop()}, ${ROUNDS} rounds`,
    },
    {
      section: SECTION,
      name: 'the same rules on the linear engine alone (the engine they ran on before), µs',
      value: fmt(b, 1),
      detail: `${fmt(b / a, 1)}× the above; at 10 evaluations a second per redrawing pane, 20 panes: ${fmt((a * 200) / 1000, 1)} against ${fmt((b * 200) / 1000, 1)} ms of CPU a second`,
    },
  ]
}
