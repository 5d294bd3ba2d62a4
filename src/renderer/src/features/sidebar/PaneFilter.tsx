import { useEffect, useId, useRef, type KeyboardEvent } from 'react'
import { useSidebarStore } from '../../store/sidebarStore'
import { GROUPING_LABELS, GROUPINGS, type Grouping } from './paneFilter'

/**
 * The search box and the grouping above the pane list. Enter goes to the first pane found, ↓
 * to the list, Esc clears the search (and, when empty, gives the keyboard back to the terminal).
 */
export function PaneFilter({ onFirst, onLeave }: { onFirst: () => void; onLeave: () => void }) {
  const ids = { search: useId(), group: useId() }
  const query = useSidebarStore((s) => s.query)
  const grouping = useSidebarStore((s) => s.grouping)
  const searchFocus = useSidebarStore((s) => s.searchFocus)
  const { setQuery, setGrouping } = useSidebarStore.getState()
  const input = useRef<HTMLInputElement>(null)
  useEffect(() => {
    if (searchFocus > 0) input.current?.focus()
  }, [searchFocus])

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault()
      onFirst()
    } else if (event.key === 'ArrowDown') {
      event.preventDefault()
      document.querySelector<HTMLElement>('[data-testid="pane-list"] .pane-item__main')?.focus()
    } else if (event.key === 'Escape') {
      event.preventDefault()
      if (query) setQuery('')
      else onLeave()
    }
  }

  return (
    <div className="pane-filter" role="search">
      <label htmlFor={ids.search} className="visually-hidden">
        Find a pane
      </label>
      <input
        id={ids.search}
        ref={input}
        type="search"
        className="input pane-filter__search"
        data-testid="pane-search"
        placeholder="Find a pane"
        title="Find a pane by part of its title, agent, branch, state or folder (Alt+S)"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        onKeyDown={onKeyDown}
        aria-keyshortcuts="Alt+S"
        aria-controls="pane-list"
        spellCheck={false}
        autoComplete="off"
      />
      <label htmlFor={ids.group} className="visually-hidden">
        Group the panes by
      </label>
      <select
        id={ids.group}
        className="input pane-filter__group"
        data-testid="pane-group"
        value={grouping}
        onChange={(e) => setGrouping(e.target.value as Grouping)}
        title="Group the panes by"
      >
        {GROUPINGS.map((g) => (
          <option key={g} value={g}>
            {GROUPING_LABELS[g]}
          </option>
        ))}
      </select>
    </div>
  )
}
