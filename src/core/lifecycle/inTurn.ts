/**
 * Runs `start` for each item, at most `concurrency` at a time, in order: an item holds its slot
 * until the promise its start returned settles (resolved or rejected). Resolves once every item
 * has had its turn. A resume storm bounded (cmux #5731: 30 agents respawned within 70 s).
 */
export async function startInTurn<T>(items: readonly T[], concurrency: number, start: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0
  const lane = async (): Promise<void> => {
    while (next < items.length) {
      const item = items[next++]!
      try {
        await start(item)
      } catch {
        // Swallow: the caller's start reports its own failure; the next item still gets its turn.
      }
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, lane))
}
