import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { listFixtureRecordings, type FixtureRecording } from '../../tools/replay/fixtureSuite'

/**
 * Where the tests find the fixture recordings: the one place that knows. `../shared/fixtures`
 * beside the clone (CI puts shared/ there; SWITCHBOARD_SHARED_FIXTURES points elsewhere, e.g. for
 * a worktree whose parent has none) and this repository's own `test/fixtures`.
 */
export const REPO_ROOT = resolve(__dirname, '../../..')
export const SHARED_FIXTURES = resolve(process.env.SWITCHBOARD_SHARED_FIXTURES ?? resolve(REPO_ROOT, '../shared/fixtures'))
export const OWN_FIXTURES = resolve(REPO_ROOT, 'test/fixtures')

const whereFrom = `(CI puts shared/ beside the clone; set SWITCHBOARD_SHARED_FIXTURES to the fixtures folder otherwise)`

/** The recordings under `root`; throws when there is none, so a suite over them cannot pass by running nothing. */
export function fixtureRecordings(root: string): FixtureRecording[] {
  const found = listFixtureRecordings(root)
  if (!found.length) throw new Error(`no fixture recordings in ${root} ${root === SHARED_FIXTURES ? whereFrom : ''}`.trim())
  return found
}

/** Every recording, shared ones first; throws when either folder has none. */
export function allFixtureRecordings(): FixtureRecording[] {
  return [...fixtureRecordings(SHARED_FIXTURES), ...fixtureRecordings(OWN_FIXTURES)]
}

/** A file of the shared fixtures (e.g. `claude/cc-120x32.cast`); throws when it is not there. */
export function sharedFixture(relative: string): string {
  const path = join(SHARED_FIXTURES, relative)
  if (!existsSync(path)) throw new Error(`fixture ${path} is missing ${whereFrom}`)
  return path
}

/** A file of this repository's own fixtures (e.g. `claude/cc21332-manual-80x24.cast`); throws when it is not there. */
export function ownFixture(relative: string): string {
  const path = join(OWN_FIXTURES, relative)
  if (!existsSync(path)) throw new Error(`fixture ${path} is missing: it is part of this repository (test/fixtures)`)
  return path
}
