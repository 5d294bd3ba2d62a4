/**
 * The sidebar's own state: the search, the grouping and whether it is folded to a rail (both
 * remembered in this browser), and the "go to pane" mode in which every pane shows a key.
 */
import { create } from 'zustand'
import { GROUPINGS, type Grouping } from '../features/sidebar/paneFilter'

const KEY = 'switchboard.sidebar'

function remembered(): { grouping: Grouping; collapsed: boolean } {
  try {
    const raw = JSON.parse(localStorage.getItem(KEY) ?? '{}') as { grouping?: unknown; collapsed?: unknown }
    return { grouping: GROUPINGS.includes(raw.grouping as Grouping) ? (raw.grouping as Grouping) : 'none', collapsed: raw.collapsed === true }
  } catch {
    // Swallow: a broken entry (edited by hand, another version) means the defaults.
    return { grouping: 'none', collapsed: false }
  }
}

export interface SidebarStore {
  readonly query: string
  readonly grouping: Grouping
  readonly collapsed: boolean
  /** Every pane shows its key; the next keystroke takes one (Alt+0). */
  readonly jumping: boolean
  /** Bumped to put the keyboard in the search box. */
  readonly searchFocus: number
  setQuery(query: string): void
  setGrouping(grouping: Grouping): void
  setCollapsed(collapsed: boolean): void
  setJumping(jumping: boolean): void
  focusSearch(): void
}

export const useSidebarStore = create<SidebarStore>()((set, get) => {
  const save = () => {
    const { grouping, collapsed } = get()
    try {
      localStorage.setItem(KEY, JSON.stringify({ grouping, collapsed }))
    } catch {
      // Swallow: storage full or off (a private window); the choice lasts for this page.
    }
  }
  return {
    query: '',
    ...remembered(),
    jumping: false,
    searchFocus: 0,
    setQuery: (query) => set({ query }),
    setGrouping: (grouping) => (set({ grouping }), save()),
    setCollapsed: (collapsed) => (set({ collapsed }), save()),
    setJumping: (jumping) => set({ jumping }),
    focusSearch: () => set((s) => ({ collapsed: false, searchFocus: s.searchFocus + 1 })),
  }
})
