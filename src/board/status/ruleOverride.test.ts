import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { evaluateRules } from '../../core/rules/evaluateRules'
import { realScreen } from './__fixtures__/screens'
import { formatRuleFileError, isFatal } from './ruleFile'
import { RuleRegistry, findAgentsDir, findUserRulesDir } from './ruleRegistry'
import { fifoWithValve } from '../test/support'

const SHIPPED = findAgentsDir(__dirname)!
const shippedIds = RuleRegistry.loadStrict(SHIPPED)
  .rules('claude')
  .map((r) => r.id)

let dir: string
let log: string[]
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'switchboard-overrides-'))
  log = []
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const write = (name: string, lines: readonly string[]) => writeFileSync(join(dir, name), `${lines.join('\n')}\n`)
const registry = () => new RuleRegistry(SHIPPED, (line) => log.push(line), dir)

const OVERRIDE = [
  'agent = "claude"',
  'verified_on = "2.2.0"',
  'disable = ["claude.title-spinner"]',
  '',
  '[[rule]]',
  'id = "claude.footer-idle"',
  'state = "idle"',
  'priority = 5',
  'region = "after-rule"',
  "match = { line = '\\? for shortcuts' }",
  '',
  '[[rule]]',
  'id = "claude.update-banner"',
  'state = "idle"',
  'priority = 20',
  'region = "screen"',
  "match = { line = 'Claude Code v\\d' }",
]

describe('user rule overrides', () => {
  it('replace shipped rules by id, add new ones by priority, disable by id, and take the user’s verified_on', () => {
    write('claude.toml', OVERRIDE)
    const r = registry()
    expect(r.reload()).toEqual([])
    expect(shippedIds).toEqual([
      'claude.permission-dialog',
      'claude.confirm-dialog',
      'claude.auto-mode-unchecked',
      'claude.permission-dialog-tall',
      'claude.trust-dialog',
      'claude.trust-dialog-unnumbered',
      'claude.question-dialog',
      'claude.goodbye',
      'claude.dialog-permission',
      'claude.dialog-question',
      'claude.footer-working',
      'claude.spinner',
      'claude.background-agent',
      'claude.title-spinner',
      'claude.reply-asks',
      'claude.footer-idle',
      'claude.prompt-box',
    ])
    expect(r.rules('claude').map((x) => `${x.id}@${x.priority}`)).toEqual([
      'claude.permission-dialog@100',
      'claude.confirm-dialog@99',
      'claude.auto-mode-unchecked@98',
      'claude.permission-dialog-tall@97',
      'claude.trust-dialog@96',
      'claude.trust-dialog-unnumbered@96',
      'claude.question-dialog@95',
      'claude.goodbye@90',
      'claude.dialog-permission@60',
      'claude.dialog-question@60',
      'claude.footer-working@50',
      'claude.spinner@48',
      'claude.background-agent@46',
      'claude.reply-asks@30',
      'claude.update-banner@20',
      'claude.prompt-box@10',
      'claude.footer-idle@5',
    ])
    const file = r.file('claude')!
    expect(file).toMatchObject({ overrides: join(dir, 'claude.toml'), userVerifiedOn: '2.2.0', file: join(SHIPPED, 'claude', 'rules.toml') })
    expect(file.spec.verifiedOn).toBe('2.2.0')
    // The added rule decides the real start-up screen now (priority 20 beats the shipped prompt rules).
    expect(evaluateRules(r.rules('claude'), realScreen('claude-idle-startup'))?.ruleId).toBe('claude.update-banner')
    // Other agents are untouched.
    expect(r.rules('codex').map((x) => x.id)).toEqual(
      RuleRegistry.loadStrict(SHIPPED)
        .rules('codex')
        .map((x) => x.id),
    )
  })

  it('a broken override names file, line and rule; the previous rules stay in force (the shipped ones at first)', () => {
    const broken = [
      ...OVERRIDE.slice(0, 12),
      'id = "claude.update-banner"',
      'state = "idle"',
      'priority = 20',
      'region = "screen"',
      "match = { line = '(unclosed' }",
    ]
    write('claude.toml', broken)
    const r = registry()
    const first = r.reload()
    expect(first).toHaveLength(1)
    expect(formatRuleFileError(first[0]!)).toMatch(
      new RegExp(`^${join(dir, 'claude.toml')}:17: rule claude\\.update-banner: match\\.line: invalid regular expression`),
    )
    expect(log[0]).toMatch(/\(previous rules stay in force\)$/)
    expect(r.rules('claude').map((x) => x.id)).toEqual(shippedIds)
    write('claude.toml', OVERRIDE)
    expect(r.reload()).toEqual([])
    const good = r.rules('claude')
    write('claude.toml', broken)
    expect(r.reload()).toHaveLength(1)
    expect(r.rules('claude')).toBe(good)
  })

  it('a disable of an id no shipped rule has is a warning; the rest of the file applies', () => {
    write('claude.toml', ['agent = "claude"', 'disable = ["claude.renamed-long-ago", "claude.title-spinner"]'])
    const r = registry()
    const problems = r.reload()
    expect(problems.map(formatRuleFileError)).toEqual([
      `${join(dir, 'claude.toml')}:2: warning: rule claude.renamed-long-ago: disable: no shipped claude rule has this id, nothing was disabled (the shipped ids are in ${join(SHIPPED, 'claude', 'rules.toml')})`,
    ])
    expect(problems.filter(isFatal)).toEqual([])
    expect(r.rules('claude').map((x) => x.id)).toEqual(shippedIds.filter((id) => id !== 'claude.title-spinner'))
    expect(r.file('claude')!.userVerifiedOn).toBeNull()
  })

  it('rejects a file that contradicts itself or names another agent', () => {
    write('claude.toml', ['agent = "claude"', 'disable = ["claude.footer-idle"]', ...OVERRIDE.slice(4, 10)])
    write('codex.toml', ['agent = "claude"', 'disable = ["claude.footer-idle"]'])
    const messages = registry().reload().map(formatRuleFileError)
    expect(messages).toContainEqual(
      `${join(dir, 'claude.toml')}:3: rule claude.footer-idle: is both replaced by a [[rule]] and listed in \`disable\`: keep one`,
    )
    expect(messages).toContainEqual(`${join(dir, 'codex.toml')}:1: agent "claude" does not match the shipped rules it overrides ("codex")`)
  })

  it('a file for an agent nothing ships rules for is a complete rule file of its own', () => {
    write('aider.toml', [
      'agent = "aider"',
      'verified_on = "0.80.0"',
      "recognize = ['^Aider v']",
      '[[rule]]',
      'id = "aider.prompt"',
      'state = "idle"',
      'priority = 1',
      'region = "bottom:1"',
      "match = { line = '^> ' }",
    ])
    write('goose.toml', ['agent = "goose"', 'disable = ["goose.x"]'])
    const r = registry()
    const messages = r.reload().map(formatRuleFileError)
    expect(r.agents()).toContain('aider')
    expect(r.rules('aider').map((x) => x.id)).toEqual(['aider.prompt'])
    expect(r.agents()).not.toContain('goose')
    expect(messages[0]).toBe(
      `${join(dir, 'goose.toml')}:1: no rules ship for this agent, so this file must be a complete rule file (agent, verified_on and at least one [[rule]]; no \`disable\`)`,
    )
  })

  it('deleting the override returns the agent to the shipped rules; a missing override dir is no error', () => {
    write('claude.toml', OVERRIDE)
    const r = registry()
    r.reload()
    rmSync(join(dir, 'claude.toml'))
    expect(r.reload()).toEqual([])
    expect(r.rules('claude').map((x) => x.id)).toEqual(shippedIds)
    expect(log.at(-1)).toBe(`rules: ${join(dir, 'claude.toml')} is gone; claude uses the shipped rules again`)
    const none = new RuleRegistry(SHIPPED, () => {}, join(dir, 'not', 'yet'))
    expect(none.reload()).toEqual([])
    expect(
      RuleRegistry.loadStrict(SHIPPED, join(dir, 'not', 'yet'))
        .agents()
        .sort(),
    ).toEqual(['claude', 'codex', 'gemini', 'hermes', 'opencode', 'pi'])
  })
})

it('an override path that is not a folder is reported, and the rules in force stay', () => {
  write('claude.toml', OVERRIDE)
  const r = registry()
  r.reload()
  const before = r.rules('claude')
  const file = join(dir, 'claude.toml')
  const odd = new RuleRegistry(SHIPPED, () => {}, file)
  expect(odd.reload().map(formatRuleFileError)).toEqual([`${file}:1: cannot list the folder (ENOTDIR); it must be a readable directory of <agent>.toml files`])
  expect(odd.rules('claude').map((x) => x.id)).toEqual(shippedIds)
  expect(r.reload()).toEqual([])
  expect(r.rules('claude').map((x) => x.id)).toEqual(before.map((x) => x.id))
})

it('a FIFO or a symlink named like a rule file is reported at once, never opened (issue 24.3: a FIFO held the board 7.6 s)', () => {
  const r = registry()
  const fifo = join(dir, 'claude.toml')
  const stop = fifoWithValve(fifo, 1500, OVERRIDE.join('\n'))
  try {
    const t0 = Date.now()
    const problems = r.reload().map(formatRuleFileError)
    expect(Date.now() - t0).toBeLessThan(500)
    expect(problems).toEqual([`${fifo}:1: is a FIFO (named pipe), not a regular file: the board does not open it (replace it with a plain file)`])
    expect(r.rules('claude').map((x) => x.id)).toEqual(shippedIds)
  } finally {
    stop()
  }
  rmSync(fifo)
  const target = join(dir, 'real.txt')
  writeFileSync(target, OVERRIDE.join('\n'))
  symlinkSync(target, join(dir, 'codex.toml'))
  expect(r.reload().map(formatRuleFileError)).toEqual([
    `${join(dir, 'codex.toml')}:1: is a symbolic link, not a regular file: the board does not open it (replace it with a plain file)`,
  ])
})

describe('findUserRulesDir', () => {
  it('follows the platform’s config dir; SWITCHBOARD_CONFIG_DIR replaces it', () => {
    expect(findUserRulesDir({}, 'linux', '/home/ann')).toBe('/home/ann/.config/switchboard/rules')
    expect(findUserRulesDir({ XDG_CONFIG_HOME: '/xdg' }, 'linux', '/home/ann')).toBe('/xdg/switchboard/rules')
    expect(findUserRulesDir({ XDG_CONFIG_HOME: 'relative/ignored' }, 'linux', '/home/ann')).toBe('/home/ann/.config/switchboard/rules')
    expect(findUserRulesDir({}, 'darwin', '/Users/ann')).toBe('/Users/ann/Library/Application Support/Switchboard/rules')
    expect(findUserRulesDir({ SWITCHBOARD_CONFIG_DIR: '/tmp/sb', XDG_CONFIG_HOME: '/xdg' }, 'linux', '/home/ann')).toBe('/tmp/sb/rules')
  })
})

it('an agent folder’s rules name the agent of the folder', () => {
  const shipped = join(dir, 'shipped')
  mkdirSync(join(shipped, 'claude'), { recursive: true })
  writeFileSync(
    join(shipped, 'claude', 'rules.toml'),
    [
      'agent = "codex"',
      'verified_on = "1"',
      '[[rule]]',
      'id = "codex.a"',
      'state = "idle"',
      'priority = 1',
      'region = "screen"',
      'match = { contains = "x" }',
    ].join('\n'),
  )
  const problems = new RuleRegistry(shipped).reload()
  expect(problems.map(formatRuleFileError)).toEqual([
    `${join(shipped, 'claude', 'rules.toml')}:1: agent "codex" does not match the folder it is in (claude/): the rules name the agent they are for`,
  ])
})
