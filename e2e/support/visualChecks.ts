/**
 * Automated parts of the visual pass: every control of the board (or of the open dialog) is inside
 * the window or a scroll area it can be scrolled into, is not covered by or overlapping another
 * control, and the keyboard reaches each one with Tab, with a visible focus ring.
 */
import type { Page } from 'playwright-core'

/** What a control is called in a failure message: its test id, label or text. */
const NAME_JS = `(el) => el.getAttribute('data-testid') || el.getAttribute('aria-label') || (el.textContent || '').trim().slice(0, 40) || el.tagName.toLowerCase()`

/**
 * The controls in scope (the open modal dialog, else the page): focusable or clickable elements
 * that are rendered, outside the terminal's own internals (the terminal counts as its textarea).
 */
const CONTROLS_JS = `() => {
  const dialog = document.querySelector(window.__sbScope || 'dialog[open]')
  const scope = dialog ?? document.body
  const sel = 'button, input:not([type=hidden]), select, textarea, a[href], [tabindex]:not([tabindex="-1"])'
  return [...scope.querySelectorAll(sel)].filter((el) => {
    if (el.closest('.xterm') && !el.classList.contains('xterm-helper-textarea')) return false
    if (el.closest('[inert], .visually-hidden, [role="tooltip"]')) return false
    if (!dialog && el.closest('dialog')) return false
    if (dialog && !window.__sbScope && !el.closest('dialog')) return false
    return el.classList.contains('xterm-helper-textarea') || el.checkVisibility({ checkOpacity: false, checkVisibilityCSS: true })
  })
}`

/**
 * Runs `fn` in the page with the two helpers above. As a string expression: the board's CSP
 * (rightly) forbids eval, and the helpers must travel with the function.
 */
async function inPage<R, A = undefined>(page: Page, fn: (name: (el: Element) => string, controls: () => HTMLElement[], arg: A) => R, arg?: A): Promise<R> {
  return page.evaluate(`(${fn.toString()})(${NAME_JS}, ${CONTROLS_JS}, ${JSON.stringify(arg ?? null)})`) as Promise<R>
}

export interface LayoutProblem {
  readonly control: string
  readonly problem: string
}

/** Controls cut off by the window or a clipping box, and pairs of controls that overlap. */
export async function layoutProblems(page: Page, scope?: string): Promise<LayoutProblem[]> {
  await setScope(page, scope)
  return inPage(page, (name: (el: Element) => string, allControls: () => Element[]) => {
    const controls = allControls().filter((el) => !el.classList.contains('xterm-helper-textarea'))
    const problems: { control: string; problem: string }[] = []
    // A visually hidden input inside its label (radios of a segmented control) is the label's.
    const boxOf = (el: Element) => {
      const r = el.getBoundingClientRect()
      if (r.width < 3 || r.height < 3) {
        const label = el.closest('label')
        if (label) return label.getBoundingClientRect()
      }
      return r
    }
    const boxes = controls.map((el) => ({ el, r: boxOf(el) })).filter((b) => b.r.width >= 3 && b.r.height >= 3)
    for (const { el, r } of boxes) {
      // The nearest box that clips it: a scroll area it can be scrolled into is fine.
      let clipped: string | null = null
      for (let a = el.parentElement; a; a = a.parentElement) {
        const st = getComputedStyle(a)
        if (st.overflowX === 'visible' && st.overflowY === 'visible') continue
        const scrolls = /auto|scroll/.test(st.overflowY + st.overflowX) && (a.scrollHeight > a.clientHeight || a.scrollWidth > a.clientWidth)
        if (scrolls) break
        const c = a.getBoundingClientRect()
        if (r.left < c.left - 1 || r.right > c.right + 1 || r.top < c.top - 1 || r.bottom > c.bottom + 1) clipped = `clipped by ${a.className || a.tagName}`
        break
      }
      const inScroller = (() => {
        for (let a = el.parentElement; a; a = a.parentElement) {
          const st = getComputedStyle(a)
          if (/auto|scroll/.test(st.overflowY + st.overflowX) && (a.scrollHeight > a.clientHeight || a.scrollWidth > a.clientWidth)) return true
        }
        return false
      })()
      if (!inScroller && (r.left < -1 || r.top < -1 || r.right > innerWidth + 1 || r.bottom > innerHeight + 1)) clipped = 'outside the window'
      if (clipped) problems.push({ control: name(el), problem: clipped })
    }
    const sticky = (el: Element) => {
      for (let a: Element | null = el; a; a = a.parentElement) if (getComputedStyle(a).position === 'sticky') return a
      return null
    }
    const scrolls = (el: Element) => {
      for (let a = el.parentElement; a; a = a.parentElement) {
        const st = getComputedStyle(a)
        if (/auto|scroll/.test(st.overflowY) && a.scrollHeight > a.clientHeight) return true
      }
      return false
    }
    // The part of a control its clipping ancestors (scroll areas) let show.
    const shown = (el: Element, r: DOMRect) => {
      let [l, t, rt, b] = [r.left, r.top, r.right, r.bottom]
      for (let a = el.parentElement; a; a = a.parentElement) {
        const st = getComputedStyle(a)
        if (st.overflowX === 'visible' && st.overflowY === 'visible') continue
        const c = a.getBoundingClientRect()
        ;[l, t, rt, b] = [Math.max(l, c.left), Math.max(t, c.top), Math.min(rt, c.right), Math.min(b, c.bottom)]
      }
      return { left: l, top: t, right: rt, bottom: b }
    }
    const visibleBoxes = boxes.map(({ el, r }) => ({ el, r: shown(el, r) })).filter((b) => b.r.right - b.r.left > 2 && b.r.bottom - b.r.top > 2)
    for (let i = 0; i < visibleBoxes.length; i++)
      for (let j = i + 1; j < visibleBoxes.length; j++) {
        const [a, b] = [visibleBoxes[i]!, visibleBoxes[j]!]
        if (a.el.contains(b.el) || b.el.contains(a.el)) continue
        // A sticky bar (Save/Cancel) over the content scrolling under it.
        if (!!sticky(a.el) !== !!sticky(b.el) && scrolls(sticky(a.el) ? b.el : a.el)) continue
        const w = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left)
        const h = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top)
        if (w > 2 && h > 2) problems.push({ control: name(a.el), problem: `overlaps ${name(b.el)} by ${Math.round(w)}×${Math.round(h)} px` })
      }
    // Covered by something else (a panel drawn over it): what is under its centre is not it.
    for (const { el, r } of boxes) {
      const [x, y] = [r.left + r.width / 2, r.top + r.height / 2]
      if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue
      const hit = document.elementFromPoint(x, y)
      if (!hit || el.contains(hit) || hit.contains(el) || hit.closest('label')?.contains(el)) continue
      if (sticky(hit) && !sticky(el) && scrolls(el)) continue
      // A scroll area's off-screen part: the centre lies outside its scroller's box.
      let hidden = false
      for (let a = el.parentElement; a; a = a.parentElement) {
        const st = getComputedStyle(a)
        if (!/auto|scroll|hidden/.test(st.overflowY + st.overflowX)) continue
        const c = a.getBoundingClientRect()
        if (x < c.left || x > c.right || y < c.top || y > c.bottom) hidden = true
      }
      if (!hidden) problems.push({ control: name(el), problem: `covered by ${name(hit)} (${hit.className})` })
    }
    return problems
  })
}

/** In the page: notes the focused control as a Tab stop (done when it was one before) and whether it shows a focus ring. */
const visit = (name: (el: Element) => string, _controls: unknown, n: number) => {
  const el = document.activeElement
  if (!el || el === document.body) return { done: false, name: '(page)', ring: true, terminal: false }
  if (el.hasAttribute('data-tab-stop')) return { done: true, name: name(el), ring: true, terminal: false }
  el.setAttribute('data-tab-stop', String(n))
  const terminal = el.classList.contains('xterm-helper-textarea')
  const outline = (e: Element | null) => {
    if (!e) return false
    const st = getComputedStyle(e)
    return st.outlineStyle !== 'none' && parseFloat(st.outlineWidth) >= 1
  }
  // The control's own outline or shadow; a wrapper's outline only (a box shadow there may be its
  // selection, not the focus): segmented radios draw the ring on their label.
  const ring =
    terminal ||
    outline(el) ||
    getComputedStyle(el).boxShadow !== 'none' ||
    outline(el.closest('label')) ||
    outline(el.parentElement) ||
    // The splitter draws its focus as its ::after line.
    (el.classList.contains('splitter') && getComputedStyle(el, '::after').backgroundColor !== 'rgba(0, 0, 0, 0)')
  return { done: false, name: terminal ? 'terminal' : name(el), ring, terminal }
}

export interface TabReport {
  /** Each focus stop in order. */
  readonly stops: readonly string[]
  /** Stops without a visible focus indicator. */
  readonly noRing: readonly string[]
  /** Controls in scope Tab never reached. */
  readonly unreached: readonly string[]
}

/**
 * Presses Tab until the focus comes back to a control already visited (or `max` presses),
 * noting each stop and whether it shows a focus ring (an outline, a box shadow or the ring of
 * the label or group around it). Inside a terminal Tab belongs to the program, so from there it
 * leaves with `escapeTerminal` (the board's shortcut for the answer box).
 */
export async function tabThrough(page: Page, opts: { max?: number; escapeTerminal?: string; scope?: string } = {}): Promise<TabReport> {
  await page.evaluate(() => document.querySelectorAll('[data-tab-stop]').forEach((e) => e.removeAttribute('data-tab-stop')))
  await setScope(page, opts.scope)
  const stops: string[] = []
  const noRing: string[] = []
  if (opts.scope && (await page.evaluate((sel) => !!document.activeElement?.closest(sel), opts.scope))) {
    // The form's own first focus (autofocus) is its first stop.
    const first = await inPage(page, visit, -1)
    stops.push(first.name)
    if (!first.ring) noRing.push(first.name)
  }
  for (let i = 0; i < (opts.max ?? 150); i++) {
    await page.keyboard.press('Tab')
    const stop = await inPage(page, visit, i)
    if (stop.done) break
    // A part of the page (an inline form): Tab has left it.
    if (opts.scope && !(await page.evaluate((sel) => !!document.activeElement?.closest(sel), opts.scope))) {
      if (stops.length) break
      continue
    }
    if (stop.name === '(page)') continue
    stops.push(stop.name)
    if (!stop.ring) noRing.push(stop.name)
    if (stop.terminal && opts.escapeTerminal) {
      await page.keyboard.press(opts.escapeTerminal)
      // Where the shortcut put the focus is a stop of its own.
      const landed = await inPage(
        page,
        (name: (el: Element) => string, _c: unknown, n: number) => {
          const el = document.activeElement
          if (!el || el === document.body || el.hasAttribute('data-tab-stop')) return null
          el.setAttribute('data-tab-stop', String(n))
          const st = getComputedStyle(el)
          return { name: name(el), ring: (st.outlineStyle !== 'none' && parseFloat(st.outlineWidth) >= 1) || st.boxShadow !== 'none' }
        },
        1000 + i,
      )
      if (landed) {
        stops.push(landed.name)
        if (!landed.ring) noRing.push(landed.name)
        // Controls between the terminal and where the shortcut landed: back with Shift+Tab, then on.
        for (let back = 0; back < 20; back++) {
          await page.keyboard.press('Shift+Tab')
          const prev = await inPage(page, visit, 2000 + i * 20 + back)
          if (prev.done || prev.terminal || prev.name === '(page)') break
          stops.push(prev.name)
          if (!prev.ring) noRing.push(prev.name)
        }
        await page.keyboard.press(opts.escapeTerminal)
      }
    }
  }
  const unreached = await inPage(page, (name: (el: Element) => string, controls: () => HTMLElement[]) => {
    // Tab visits one radio per group: the checked one.
    const otherRadio = (el: HTMLElement) =>
      el instanceof HTMLInputElement &&
      el.type === 'radio' &&
      !el.checked &&
      [...document.getElementsByName(el.name)].some((r) => (r as HTMLInputElement).checked)
    return controls()
      .filter((el) => !el.hasAttribute('data-tab-stop') && !(el as HTMLButtonElement).disabled && el.tabIndex >= 0 && !otherRadio(el))
      .map(name)
  })
  await setScope(page, undefined)
  return { stops, noRing, unreached }
}

/** Limits the checks to one part of the page (a CSS selector), else the open modal or the page. */
async function setScope(page: Page, scope: string | undefined): Promise<void> {
  await page.evaluate((sel) => ((window as unknown as { __sbScope?: string }).__sbScope = sel ?? undefined), scope ?? null)
}
