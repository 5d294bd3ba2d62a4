/**
 * A new branch name as `git check-ref-format --branch` accepts it (the rules of git-check-ref-format(1)),
 * checked before git runs so the form can say what is wrong while the user types.
 */
export type BranchCheck = { ok: true } | { ok: false; error: string }

export function checkBranchName(name: string): BranchCheck {
  const bad = (why: string): BranchCheck => ({ ok: false, error: `branch ${JSON.stringify(name)}: ${why}` })
  if (name === '') return { ok: false, error: 'give the new branch a name, e.g. agent/fix-login' }
  if (name.length > 200) return bad('too long (at most 200 characters)')
  if (name === '@') return bad('"@" alone is not a branch name')
  if (name.startsWith('-')) return bad('may not start with "-"')
  // eslint-disable-next-line no-control-regex
  if (/[\x00-\x20\x7f~^:?*[\\]/.test(name)) return bad('no spaces, control characters or any of ~ ^ : ? * [ \\')
  if (name.includes('..')) return bad('may not contain ".."')
  if (name.includes('@{')) return bad('may not contain "@{"')
  if (name.startsWith('/') || name.endsWith('/') || name.includes('//')) return bad('no empty parts between slashes')
  if (name.endsWith('.')) return bad('may not end with "."')
  for (const part of name.split('/')) {
    if (part.startsWith('.')) return bad('no part may start with "."')
    if (part.endsWith('.lock')) return bad('no part may end with ".lock"')
  }
  return { ok: true }
}

/** The branch as a single folder name: `agent/fix-login` → `agent-fix-login`. */
export function branchFolderName(branch: string): string {
  return branch.replace(/\//g, '-')
}
