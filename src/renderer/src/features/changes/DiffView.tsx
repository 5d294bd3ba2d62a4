import { useLayoutEffect, useRef } from 'react'
import { Diff2HtmlUI } from 'diff2html/lib/ui/js/diff2html-ui-slim'
import 'diff2html/bundles/css/diff2html.min.css'
import type { DiffLayout } from './ChangesBar'

/**
 * A unified diff drawn by diff2html (syntax colours from highlight.js). The HTML diff2html
 * builds escapes the file contents, and no script runs from it. It is drawn in the same commit
 * as the summary above it (a layout effect), so the view never shows a count over an empty diff.
 */
export function DiffView({ diff, layout }: { diff: string; layout: DiffLayout }) {
  const target = useRef<HTMLDivElement>(null)
  const theme = typeof document !== 'undefined' ? document.documentElement.dataset.theme : undefined
  useLayoutEffect(() => {
    const el = target.current
    if (!el) return
    if (!diff) {
      el.replaceChildren()
      return
    }
    const ui = new Diff2HtmlUI(el, diff, {
      outputFormat: layout,
      drawFileList: true,
      fileListToggle: false,
      fileContentToggle: false,
      matching: 'lines',
      highlight: true,
      synchronisedScroll: true,
      stickyFileHeaders: true,
      colorScheme: theme === 'light' ? 'light' : 'dark',
    } as ConstructorParameters<typeof Diff2HtmlUI>[2])
    ui.draw()
    ui.highlightCode()
  }, [diff, layout, theme])
  return <div ref={target} className="changes__diff" data-testid="changes-diff" />
}
