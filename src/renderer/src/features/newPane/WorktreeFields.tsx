import { useId, type RefObject } from 'react'
import type { LaunchForm } from './launchRequest'

/** "Own worktree": a new branch (from the repo's HEAD or a base) in a folder of its own; setup commands for a preset. */
export function WorktreeFields({
  form,
  set,
  branchRef,
  presetSetup,
}: {
  form: LaunchForm
  set: (patch: Partial<LaunchForm>) => void
  branchRef: RefObject<HTMLInputElement | null>
  presetSetup: readonly string[] | undefined
}) {
  const ids = { branch: useId(), base: useId(), setup: useId() }
  return (
    <fieldset className="new-pane__worktree">
      <label className="checkbox">
        <input type="checkbox" data-testid="new-pane-worktree" checked={form.worktree} onChange={(e) => set({ worktree: e.target.checked })} />
        Own git worktree <span className="field__optional">a new branch in its own folder</span>
      </label>
      {form.worktree && (
        <>
          <div className="new-pane__row">
            <div className="field">
              <label htmlFor={ids.branch}>New branch</label>
              <input
                id={ids.branch}
                ref={branchRef}
                className="input input--mono"
                data-testid="new-pane-branch"
                placeholder="agent/fix-login"
                value={form.branch}
                onChange={(e) => set({ branch: e.target.value })}
                spellCheck={false}
                autoComplete="off"
              />
            </div>
            <div className="field">
              <label htmlFor={ids.base}>
                From <span className="field__optional">optional</span>
              </label>
              <input
                id={ids.base}
                className="input input--mono"
                data-testid="new-pane-base"
                placeholder="HEAD"
                value={form.base}
                onChange={(e) => set({ base: e.target.value })}
                spellCheck={false}
                autoComplete="off"
              />
            </div>
          </div>
          {presetSetup
            ? presetSetup.length > 0 && (
                <p className="field__note" data-testid="new-pane-setup-preset">
                  Setup first: <code>{presetSetup.join(' ; ')}</code>
                </p>
              )
            : form.kind !== 'shell' && (
                <div className="field">
                  <label htmlFor={ids.setup}>
                    Setup commands{' '}
                    <span className="field__optional">
                      one a line, each through <code>$SHELL -lc</code> in the new worktree before it starts
                    </span>
                  </label>
                  <textarea
                    id={ids.setup}
                    className="input input--mono new-pane__env"
                    data-testid="new-pane-setup"
                    rows={2}
                    placeholder={'cp "$SWITCHBOARD_REPO/.env" .\nnpm ci'}
                    value={form.setup}
                    onChange={(e) => set({ setup: e.target.value })}
                    spellCheck={false}
                  />
                </div>
              )}
        </>
      )}
    </fieldset>
  )
}
