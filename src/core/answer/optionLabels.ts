import type { DialogInfo } from '../../shared/domain/pane'

/**
 * An option's full label where the screen shows only its first row. A narrow pane wraps a long
 * option ("2. Yes, and always allow access to work/ from this" / "project") and the agent may
 * draw the next option over the wrapped rest (Claude Code 2.1.197 at 60×19: "3. Nooject"), so
 * the screen alone cannot give the label. The agent's own wording (AgentKnowledge dialogKeys
 * .optionLabels, templates where `{}` is what varies) completes it when the fragment holds every
 * varying part and only the template's fixed end is cut.
 */

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** `abc` → `a(?:b(?:c)?)?`: any non-empty prefix of the literal. */
function prefixOf(literal: string): string {
  return [...literal].reduceRight((rest, ch) => `${escape(ch)}${rest ? `(?:${rest})?` : ''}`, '')
}

interface CompiledTemplate {
  readonly cut: RegExp
  readonly complete: (m: RegExpExecArray) => string
}

function compile(template: string): CompiledTemplate | null {
  const parts = template.split('{}')
  const last = parts.at(-1)!
  // Completing needs a fixed end after the last varying part.
  if (parts.length < 2 || last.trim().length < 2) return null
  const head = parts
    .slice(0, -1)
    .map((p, i) => escape(p) + (i < parts.length - 1 ? '(.+?)' : ''))
    .join('')
  return {
    cut: new RegExp(`^${head}(${prefixOf(last)})$`),
    complete: (m) => parts.slice(0, -1).reduce((out, p, i) => out + p + m[i + 1]!, '') + last,
  }
}

const cache = new Map<string, CompiledTemplate | null>()

/** The full label for one screen label, or the label itself when no template completes it. */
export function fullOptionLabel(label: string, templates: readonly string[]): string {
  for (const t of templates) {
    if (!cache.has(t)) cache.set(t, compile(t))
    const c = cache.get(t)
    const m = c?.cut.exec(label)
    // Cut at least a little: a whole label is already full.
    if (c && m && label.length < c.complete(m).length) return c.complete(m)
  }
  return label
}

/** The dialog with its options' full labels (see above); the keys and order are the screen's. */
export function withFullLabels(dialog: DialogInfo, templates: readonly string[] | undefined): DialogInfo {
  if (!templates?.length) return dialog
  const options = dialog.options.map((o) => {
    const label = fullOptionLabel(o.label, templates)
    return label === o.label ? o : { ...o, label }
  })
  return options.every((o, i) => o === dialog.options[i]) ? dialog : { ...dialog, options }
}
