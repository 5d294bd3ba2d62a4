import { describe, expect, it } from 'vitest'
import { recognizeAgent } from './recognizeAgent'

describe('recognizeAgent', () => {
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
    expect(recognizeAgent(argv)).toBe(agent)
  })
})
