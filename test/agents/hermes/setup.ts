import { chmodSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { AuxiliaryAnswer } from '../support/fakeChat'
import type { LoopbackProxy } from '../support/loopbackProxy'

export interface HermesHome {
  /** ~/.hermes: the user's config, their shell hook and its consent, their plugin. */
  readonly hermesHome: string
  /** What the user's own shell hook (pre_llm_call) and plugin (on_session_end) append to. */
  readonly userHookLog: string
  readonly userPluginLog: string
  readonly env: Record<string, string>
}

/**
 * A throwaway HOME in which Hermes Agent 0.19.0 starts at its prompt offline (measured,
 * test/agents/hermes/README.md), standing in for the user's own ~/.hermes: their provider (the
 * fake, an OpenAI-compatible `custom` endpoint), their approvals mode, a shell hook they consented
 * to (the allowlist entry Hermes records on consent) and a plugin of their own they enabled.
 *
 * Offline: what Hermes sends off the machine by default (measured with a getaddrinfo trace): at
 * start, its model context-length lookup on openrouter.ai (`model.context_length` answers it), the
 * /model picker's warm-up (models.dev — a fresh models_dev_cache.json answers it — and the Nous
 * catalog, `model_catalog.enabled: false`), its update check on pypi.org (a fresh .update_check
 * cache, 6 h, answers it; no setting turns it off) and a `pip install edge-tts` of its lazy
 * installer (`security.allow_lazy_installs: false`); at the first terminal command, a download of
 * the tirith scanner from github.com (`security.tirith_enabled: false`). Anything else it tries
 * goes to `proxy`, which refuses it and writes the host down.
 */
export function setUpHermesHome(
  home: string,
  tmp: string,
  baseUrl: string,
  proxy: LoopbackProxy,
  version: string,
  approvals: 'smart' | 'manual' = 'smart',
): HermesHome {
  const hermesHome = join(home, '.hermes')
  const userHookLog = join(home, 'user-hook.log')
  const userPluginLog = join(home, 'user-plugin.log')
  mkdirSync(join(hermesHome, 'hooks'), { recursive: true })
  mkdirSync(tmp, { recursive: true })
  const hook = join(hermesHome, 'hooks', 'log-turn.sh')
  writeFileSync(hook, `#!/bin/sh\ncat >> '${userHookLog}'\necho >> '${userHookLog}'\n`)
  chmodSync(hook, 0o755)
  // As Hermes records a consent (agent/shell_hooks.py _record_approval).
  writeFileSync(
    join(hermesHome, 'shell-hooks-allowlist.json'),
    `${JSON.stringify({ approvals: [{ event: 'pre_llm_call', command: hook, approved_at: '2026-11-30T09:00:00Z', script_mtime_at_approval: null }] }, null, 2)}\n`,
  )
  const plugin = join(hermesHome, 'plugins', 'user-audit')
  mkdirSync(plugin, { recursive: true })
  writeFileSync(join(plugin, 'plugin.yaml'), 'name: user-audit\nversion: "1"\ndescription: "the user\'s own plugin"\n')
  writeFileSync(
    join(plugin, '__init__.py'),
    `def register(ctx):\n    def ended(**kwargs):\n        with open(${JSON.stringify(userPluginLog)}, "a") as f:\n            f.write("on_session_end %s\\n" % kwargs.get("session_id"))\n    ctx.register_hook("on_session_end", ended)\n`,
  )
  writeFileSync(
    join(hermesHome, 'config.yaml'),
    `model:
  provider: custom
  default: fake-model
  base_url: ${baseUrl}/v1
  api_key: sk-fake-hermes
  context_length: 128000
model_catalog:
  enabled: false
security:
  allow_lazy_installs: false
  tirith_enabled: false
approvals:
  mode: ${approvals}
plugins:
  enabled:
    - user-audit
hooks:
  pre_llm_call:
    - command: ${hook}
`,
  )
  // The picker's models.dev cache, fresh (Hermes refetches after an hour): a user who ran Hermes has one.
  writeFileSync(join(hermesHome, 'models_dev_cache.json'), JSON.stringify({ custom: { id: 'custom', name: 'Custom', models: {} } }))
  // The update check's cache (banner.py check_for_updates): "up to date", checked now, for this version.
  writeFileSync(join(hermesHome, '.update_check'), JSON.stringify({ ts: Date.now() / 1000, behind: 0, rev: null, ver: version }))
  return { hermesHome, userHookLog, userPluginLog, env: { TMPDIR: tmp, ...proxy.env() } }
}

/** The reviewer's verdict per command, and how long it takes: every other command is escalated to the user. */
export const SMART_VERDICTS: Readonly<Record<string, 'APPROVE' | 'DENY'>> = {
  'rm -rf ./harness-smart-ok': 'APPROVE',
  'rm -rf ./harness-smart-deny': 'DENY',
}
export const SMART_REVIEW_MS = 1500

/** Hermes' smart-approval reviewer asks the auxiliary model for one word (tools/approval.py _smart_approve). */
export const hermesAuxiliary: AuxiliaryAnswer = (messages) => {
  const system = messages.find((m) => m.role === 'system')
  const user = messages.find((m) => m.role === 'user')
  const text = (m: typeof system) => (typeof m?.content === 'string' ? m.content : (m?.content ?? []).map((b) => b.text ?? '').join('\n'))
  if (!/security reviewer/i.test(text(system))) return null
  const command = /<command>\s*([\s\S]*?)\s*<\/command>/.exec(text(user))?.[1] ?? ''
  return { text: SMART_VERDICTS[command] ?? 'ESCALATE', delayMs: SMART_REVIEW_MS }
}

export const HERMES_SCRIPT = {
  STEP1: { first: { text: 'The project has a README and two source folders. Nothing to fix.' } },
  STEP2: { first: { tool: { name: 'terminal', input: { command: 'rm -rf ./harness-approved-tmp' } } }, after: { text: 'Removed the approved temp dir.' } },
  STEP3: {
    first: { tool: { name: 'clarify', input: { question: 'Which color should the widget use?', choices: ['Red', 'Blue'] } } },
    after: { text: 'Thanks, noted.' },
  },
  STEP4: { first: { text: 'I can do it quickly or thoroughly. Which approach do you prefer?' } },
  STEP5: { first: { tool: { name: 'terminal', input: { command: 'rm -rf ./harness-build-output' } } }, after: { text: 'Understood, I left it alone.' } },
  STEP6: { first: { tool: { name: 'terminal', input: { command: 'rm -rf ./harness-smart-ok' } } }, after: { text: 'The reviewer approved it; removed.' } },
  STEP7: { first: { tool: { name: 'terminal', input: { command: 'rm -rf ./harness-smart-deny' } } }, after: { text: 'Left it in place.' } },
  STEP9: {
    first: {
      tool: { name: 'terminal', input: { command: 'rm -rf ./harness-generated-output/cache ./harness-generated-output/logs ./harness-generated-output/tmp' } },
    },
    after: { text: 'Kept the generated output.' },
  },
  STEP8: {
    first: { tool: { name: 'clarify', input: { question: 'Which database should it use?', choices: ['SQLite', 'Postgres'] } } },
    after: { text: 'Noted your database.' },
  },
} as const
