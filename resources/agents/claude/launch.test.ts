import { describe, expect, it } from 'vitest'
import { TOKEN_HEADER } from '../../../src/board/reports/reportServer'
import { claudeSettings } from './launch'

describe('Claude settings', () => {
  it('posts every event but SessionStart over http with the token header from the environment', () => {
    const settings = claudeSettings('http://127.0.0.1:1/v1/report/1', 'REPORTER', { variable: 'SWITCHBOARD_REPORT_TOKEN', header: TOKEN_HEADER }) as {
      hooks: Record<string, { matcher?: string; hooks: Record<string, unknown>[] }[]>
    }
    expect(settings.hooks.SessionStart![0]!.hooks[0]).toMatchObject({ type: 'command', command: 'REPORTER' })
    const stop = settings.hooks.Stop![0]!
    expect(stop.matcher).toBeUndefined()
    expect(stop.hooks[0]).toMatchObject({
      type: 'http',
      headers: { [TOKEN_HEADER]: '$SWITCHBOARD_REPORT_TOKEN' },
      allowedEnvVars: ['SWITCHBOARD_REPORT_TOKEN'],
    })
    expect(settings.hooks.PermissionRequest![0]!.matcher).toBe('*')
    expect(Object.keys(settings.hooks)).toEqual(expect.arrayContaining(['UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'Notification', 'SessionEnd']))
  })
})
