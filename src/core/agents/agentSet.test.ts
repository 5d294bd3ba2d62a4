import { describe, expect, it } from 'vitest'
import { shippedAgents } from '../../board/agents/agentCatalog'
import { compileRuleRegex } from '../../board/status/ruleRegex'
import { knowledgeOf } from './agentKnowledge'
import type { AgentManifest } from './agentManifest'
import { AgentSet } from './agentSet'

describe('which agent a command line runs (the shipped agents)', () => {
  it.each([
    [['claude'], 'claude'],
    [['/usr/local/bin/codex', '--model', 'x'], 'codex'],
    [['node', '/usr/lib/node_modules/@anthropic-ai/claude-code/cli.js'], 'claude'],
    [['node', '--no-warnings', '/x/node_modules/@openai/codex/bin/codex.js'], 'codex'],
    [['/x/node_modules/opencode-linux-x64-baseline/bin/opencode'], 'opencode'],
    [['npx', 'opencode-ai'], 'opencode'],
    [['node', '/x/node_modules/@mariozechner/pi-coding-agent/dist/cli.js'], 'pi'],
    [['hermes', '--resume', '20261201_232853_e86d95'], 'hermes'],
    // The venv's entry script runs under its interpreter: that is the foreground process.
    [['/home/u/.hermes/hermes-agent/venv/bin/python', '/home/u/.hermes/hermes-agent/venv/bin/hermes'], 'hermes'],
    [['python3.11', '-m', 'hermes_cli.main', 'chat'], 'hermes'],
    [['python3', 'manage.py', 'runserver'], null],
    [['bash'], null],
    [['node', 'server.js'], null],
    [['vim', 'claude'], null],
    [[], null],
  ])('%j → %s', (argv, agent) => {
    expect(shippedAgents().recognize(argv)).toBe(agent)
  })
})

const manifest = (id: string, command: string[], packageHints: string[] = []): AgentManifest => ({
  id,
  name: id,
  source: 'user',
  folder: `/agents/${id}`,
  command,
  packageHints,
  verifiedOn: null,
  version: null,
  launch: null,
  payload: null,
  reports: null,
  dialogKeys: null,
  answers: null,
  pasteEcho: null,
  resume: null,
  terminalOsc: null,
})

// Compiled as the board compiles them (main's linear-time engine).
const known = (m: AgentManifest) => knowledgeOf(m, compileRuleRegex)

describe('AgentSet', () => {
  it('knows an agent by its command’s program name and its package hints, through a launcher too', () => {
    const set = new AgentSet([known(manifest('mytool', ['/opt/mytool/bin/mytool', '--fast'])), known(manifest('deploy', ['deploy'], ['/deploy-cli/bin\\b']))])
    expect(set.recognize(['mytool'])).toBe('mytool')
    expect(set.recognize(['/usr/local/bin/mytool', 'x'])).toBe('mytool')
    expect(set.recognize(['node', '/x/deploy-cli/bin/run.js'])).toBe('deploy')
    expect(set.recognize(['vim', 'mytool'])).toBeNull()
    expect(set.knowledge('mytool')?.reports).toBeNull()
    expect(set.knowledge('nope')).toBeNull()
    expect(set.knowledge(null)).toBeNull()
  })

  it('gives a program name to the first agent that claims it (shipped agents come first)', () => {
    const set = new AgentSet([known(manifest('claude', ['claude'])), known(manifest('my-claude', ['claude']))])
    expect(set.recognize(['claude'])).toBe('claude')
  })
})
