/** Environment variables edited as rows (name, value): to and from the record launches take. Pure. */
import { ENV_NAME_PATTERN } from '../../../../shared/domain/settings'

export interface EnvRow {
  readonly name: string
  readonly value: string
}

export function rowsFrom(env: Readonly<Record<string, string>>): EnvRow[] {
  return Object.entries(env).map(([name, value]) => ({ name, value }))
}

export type EnvParse = { readonly ok: true; readonly env: Record<string, string> } | { readonly ok: false; readonly error: string; readonly row: number }

/** The record, or what is wrong and in which row. A row with neither name nor value is left out. */
export function envFrom(rows: readonly EnvRow[]): EnvParse {
  const env: Record<string, string> = {}
  for (const [i, { name, value }] of rows.entries()) {
    const trimmed = name.trim()
    if (!trimmed && !value) continue
    if (!trimmed) return { ok: false, error: `row ${i + 1}: give the variable a name`, row: i }
    if (!ENV_NAME_PATTERN.test(trimmed))
      return { ok: false, error: `row ${i + 1}: "${trimmed}" is not a variable name (letters, digits and _, not starting with a digit)`, row: i }
    if (trimmed in env) return { ok: false, error: `row ${i + 1}: ${trimmed} is set twice`, row: i }
    env[trimmed] = value
  }
  return { ok: true, env }
}
