import { createContext, useContext } from 'react'
import type { BoardApi } from '../../../shared/ipc/contract'

/** The board's API for components that act (create, kill, attach); provided once in main.tsx. */
export const BoardApiContext = createContext<BoardApi | null>(null)

export function useBoardApi(): BoardApi {
  const api = useContext(BoardApiContext)
  if (!api) throw new Error('useBoardApi outside <BoardApiContext.Provider>')
  return api
}
