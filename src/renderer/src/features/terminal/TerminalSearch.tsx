import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import type { SearchAddon, ISearchOptions } from '@xterm/addon-search'
import { Icon } from '../../components/Icon'

/** Matches in the terminal's palette (the terminals stay dark in both themes); #RRGGBB, as the addon needs. */
const DECORATIONS: ISearchOptions['decorations'] = {
  matchBackground: '#5a4a14',
  matchBorder: '#8a7420',
  matchOverviewRuler: '#e0a63b',
  activeMatchBackground: '#1f5fbf',
  activeMatchBorder: '#5ba4ff',
  activeMatchColorOverviewRuler: '#5ba4ff',
}

/**
 * Find in a pane's screen and scrollback (xterm's search addon): Enter for the next match, Shift+Enter
 * the one before, Esc closes and gives the keyboard back to the terminal. Says how many it found.
 */
export function TerminalSearch({ search, onClose }: { search: SearchAddon; onClose: () => void }) {
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const [term, setTerm] = useState('')
  const [caseSensitive, setCaseSensitive] = useState(false)
  const [results, setResults] = useState<{ index: number; count: number } | null>(null)
  useEffect(() => {
    input.current?.focus()
    const sub = search.onDidChangeResults(({ resultIndex, resultCount }) => setResults({ index: resultIndex, count: resultCount }))
    return () => {
      sub.dispose()
      search.clearDecorations()
    }
  }, [search])
  const options = (incremental: boolean): ISearchOptions => ({ caseSensitive, incremental, decorations: DECORATIONS })
  const find = (value: string, backwards = false, incremental = false) => {
    if (!value) {
      search.clearDecorations()
      setResults(null)
      return
    }
    if (backwards) search.findPrevious(value, options(false))
    else search.findNext(value, options(incremental))
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault()
      find(term, event.shiftKey)
    } else if (event.key === 'Escape') {
      event.preventDefault()
      event.stopPropagation()
      onClose()
    }
  }

  const count =
    results === null || !term
      ? ''
      : results.count === 0
        ? 'No match'
        : results.index < 0
          ? `${results.count}+ matches`
          : `${results.index + 1} of ${results.count}`
  return (
    <div className="terminal-search" role="search" data-testid="terminal-search">
      <label htmlFor={id} className="visually-hidden">
        Find in this pane’s scrollback
      </label>
      <Icon name="search" size={14} />
      <input
        id={id}
        ref={input}
        type="search"
        className="input terminal-search__input"
        data-testid="terminal-search-input"
        placeholder="Find in scrollback"
        value={term}
        spellCheck={false}
        autoComplete="off"
        onChange={(e) => {
          setTerm(e.target.value)
          find(e.target.value, false, true)
        }}
        onKeyDown={onKeyDown}
      />
      <span className="terminal-search__count" data-testid="terminal-search-count" aria-live="polite">
        {count}
      </span>
      <label className="terminal-search__case" title="Match case">
        <input type="checkbox" checked={caseSensitive} data-testid="terminal-search-case" onChange={(e) => setCaseSensitive(e.target.checked)} />
        Aa
      </label>
      <button
        type="button"
        className="icon-button"
        aria-label="Previous match (Shift+Enter)"
        title="Previous match (Shift+Enter)"
        data-testid="terminal-search-previous"
        disabled={!term}
        onClick={() => find(term, true)}
      >
        <Icon name="chevron-up" size={14} />
      </button>
      <button
        type="button"
        className="icon-button"
        aria-label="Next match (Enter)"
        title="Next match (Enter)"
        data-testid="terminal-search-next"
        disabled={!term}
        onClick={() => find(term)}
      >
        <Icon name="chevron-down" size={14} />
      </button>
      <button
        type="button"
        className="icon-button"
        aria-label="Close the search (Esc)"
        title="Close the search (Esc)"
        data-testid="terminal-search-close"
        onClick={onClose}
      >
        <Icon name="close" size={14} />
      </button>
    </div>
  )
}
