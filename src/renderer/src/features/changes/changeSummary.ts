/** "3 files changed, +12 −4"; "1 file changed"; "no changes". */
export function changeSummary(c: { files: number; added: number; removed: number }, withLines = true): string {
  if (c.files === 0) return 'no changes'
  const files = `${c.files} ${c.files === 1 ? 'file' : 'files'} changed`
  return withLines ? `${files}, +${c.added} −${c.removed}` : files
}
