import type { MissingEnv } from '../../shared/domain/pane'

/**
 * What a resumed pane runs without and how to give it, in one sentence: the CLI's `resume` says
 * it, the Resume button shows it. Names only: the values were never saved.
 */
export function missingEnvAdvice(paneId: string, missing: MissingEnv, when: 'resumed' | 'will resume' = 'resumed'): string {
  const flags = missing.names.map((n) => `--env ${n}=…`).join(' ')
  const it = missing.names.length === 1 ? 'it' : 'them'
  const how = missing.setIn ? `set ${it} in ${missing.setIn} or pass ${flags}` : `pass ${flags} (a secret given for that launch only is not saved)`
  return `pane ${paneId} ${when} without ${missing.names.join(', ')}: ${how}`
}
