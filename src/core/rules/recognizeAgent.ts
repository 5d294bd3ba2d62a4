import type { ScreenView } from './ruleTypes'

export interface Recognizer {
  readonly agent: string
  /** From the rule file's `recognize`: any match over the title and visible rows names the agent. */
  readonly patterns: readonly RegExp[]
}

/** Which agent draws this screen (banner, logo, title), or null when none is recognised. */
export function recognizeAgent(recognizers: readonly Recognizer[], view: ScreenView): string | null {
  const text = [view.title, ...view.lines].join('\n')
  for (const r of recognizers) {
    if (r.patterns.some((p) => p.test(text))) return r.agent
  }
  return null
}
