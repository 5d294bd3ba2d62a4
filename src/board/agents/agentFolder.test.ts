import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { formatRuleFileError } from '../status/ruleFile'
import { MAX_RULE_FILE_BYTES, RuleRegistry } from '../status/ruleRegistry'
import { readAgentFolder } from './agentFolder'

let root: string
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'sb-agent-folder-'))
})
afterEach(() => rmSync(root, { recursive: true, force: true }))

/** A folder `<root>/<id>/` with these files. */
function folder(id: string, files: Record<string, string>): string {
  const dir = join(root, id)
  mkdirSync(dir, { recursive: true })
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text)
  return dir
}

const errors = (dir: string, source: 'user' | 'shipped' = 'user') => {
  const r = readAgentFolder(dir, source)
  return r.ok ? [] : r.errors.map(formatRuleFileError)
}

const MYTOOL = ['id = "mytool"', 'name = "My Tool"', 'command = ["mytool"]', ''].join('\n')

describe('an agent folder', () => {
  it('needs only id, name and command; rules.toml is found beside it', () => {
    const dir = folder('mytool', { 'agent.toml': MYTOOL, 'rules.toml': '' })
    const r = readAgentFolder(dir, 'user')
    expect(r.ok).toBe(true)
    if (!r.ok) return
    expect(r.value.manifest).toMatchObject({
      id: 'mytool',
      name: 'My Tool',
      source: 'user',
      folder: dir,
      command: ['mytool'],
      launch: null,
      reports: null,
      dialogKeys: null,
      resume: null,
      verifiedOn: null,
    })
    expect(r.value.rulesFile).toBe(join(dir, 'rules.toml'))
    expect(readAgentFolder(folder('bare', { 'agent.toml': MYTOOL.replace('mytool"', 'bare"') }), 'user')).toMatchObject({
      ok: true,
      value: { rulesFile: null },
    })
  })

  it('is refused with file, line and reason: a missing key, a misspelt one, a wrong type, the folder’s name', () => {
    const file = (id: string) => join(root, id, 'agent.toml')
    expect(errors(folder('a', { 'agent.toml': 'id = "a"\nname = "A"\n' }))).toEqual([
      `${file('a')}:1: command: is missing: an agent needs at least id, name and command, like command = ["a"]`,
    ])
    expect(errors(folder('a2', { 'agent.toml': 'command = ["a2"]\n[resume]\nverified_on = "1.0"\n' }))).toEqual([
      `${file('a2')}:1: id: is missing: an agent needs at least id, name and command, like id = "a2"`,
      `${file('a2')}:1: name: is missing: an agent needs at least id, name and command, like name = "A2"`,
      `${file('a2')}:2: resume.args: is missing`,
    ])
    expect(errors(folder('b', { 'agent.toml': 'id = "b"\nname = "B"\ncommand = ["b"]\ncomand = ["b"]\n' }))).toEqual([`${file('b')}:4: unknown key "comand"`])
    expect(errors(folder('c', { 'agent.toml': 'id = "c"\nname = "C"\ncommand = []\n' }))).toEqual([
      `${file('c')}:3: command: the command runs the agent: at least its executable, like ["mytool"]`,
    ])
    expect(errors(folder('d', { 'agent.toml': 'id = "other"\nname = "D"\ncommand = ["d"]\n' }))).toEqual([
      `${file('d')}:1: id "other" does not match the folder's name: the folder is named after the agent (other/)`,
    ])
    expect(errors(folder('e', { 'agent.toml': 'id = "e"\nname = "E"\ncommand = ["e"\n' }))[0]).toMatch(new RegExp(`^${file('e')}:\\d: `))
    expect(errors(folder('esc', { 'agent.toml': 'id = "esc"\nname = "\\u001b]0;pwned\\u0007"\ncommand = ["esc"]\n' }))).toEqual([
      `${file('esc')}:2: name: no control characters (escape sequences would drive the terminal that shows it)`,
    ])
    expect(errors(folder('shell', { 'agent.toml': 'id = "shell"\nname = "S"\ncommand = ["sh"]\n' }))).toEqual([
      `${file('shell')}:1: id: is reserved: "shell" is any program the board knows nothing about`,
    ])
    expect(errors(folder('f', {}))[0]).toMatch(/agent\.toml:1: is missing: an agent folder needs agent\.toml with at least id, name and command$/)
  })

  it('points into tables: the n-th [[report]], a key of [launch]', () => {
    const text = [
      'id = "g"',
      'name = "G"',
      'command = ["g"]',
      'verified_on = "1.0.0"',
      '[launch]',
      'args = ["--x={nope}"]',
      '[reporting]',
      'payload = "hook"',
      '[[report]]',
      'event = "Start"',
      'effect = "working"',
      'why = "x"',
      '[[report]]',
      'event = "Stop"',
      'effect = "stopped"',
      'why = "y"',
    ].join('\n')
    expect(errors(folder('g', { 'agent.toml': text }))).toEqual([
      `${join(root, 'g', 'agent.toml')}:6: launch.args.0: {nope} is not a placeholder here; these are: {folder} {resources} {report_url} {reporter} {reporter_gated} {launch_dir}`,
      expect.stringMatching(/agent\.toml:15: report\.1\.effect: Invalid option: expected one of "working"\|/),
    ])
  })

  it('checks its regexes as the rule loader does, and the ties between tables', () => {
    const base = 'id = "h"\nname = "H"\ncommand = ["h"]\n'
    expect(errors(folder('h', { 'agent.toml': `${base}package_hints = ['(?<=/)x']\n` }))[0]).toMatch(/agent\.toml:4: package_hints\.0: .*linear time/)
    expect(errors(folder('i', { 'agent.toml': base.replace(/"h"/g, '"i"') + "package_hints = ['(']\n" }))[0]).toMatch(
      /agent\.toml:4: package_hints\.0: invalid regular expression/,
    )
    expect(errors(folder('j', { 'agent.toml': base.replace(/"h"/g, '"j"') + '[reporting]\npayload = "hook"\n' }))).toEqual(
      expect.arrayContaining([expect.stringMatching(/agent\.toml:4: reporting: an agent that reports needs its `\[\[report\]\]` table/)]),
    )
    expect(errors(folder('k', { 'agent.toml': base.replace(/"h"/g, '"k"') + '[terminal_state]\nosc = 7501\n' }))).toEqual([
      `${join(root, 'k', 'agent.toml')}:4: terminal_state needs a parser in code (terminal.ts), which only shipped agents bring: remove it`,
    ])
    expect(errors(folder('l', { 'agent.toml': base.replace(/"h"/g, '"l"') + '[resume]\nargs = ["--resume"]\nverified_on = "1.0"\n' }))[0]).toMatch(
      /agent\.toml:5: resume\.args: the arguments must carry the session id: `\{session\}`/,
    )
    expect(errors(folder('m', { 'agent.toml': base.replace(/"h"/g, '"m"') + '[launch]\nfiles = ["../../etc/passwd"]\n' }))[0]).toMatch(
      /agent\.toml:5: launch\.files\.0: a path inside the agent's folder/,
    )
    expect(errors(folder('n', { 'agent.toml': base.replace(/"h"/g, '"n"') + '[launch]\nfiles = ["plugin.js"]\n' }))[0]).toMatch(
      /agent\.toml:5: launch\.files: plugin\.js is not in /,
    )
  })

  it('is bounded: a manifest or rule file too big to be one is not parsed', () => {
    const dir = folder('big', { 'agent.toml': `${MYTOOL.replace(/mytool/g, 'big')}# ${'x'.repeat(MAX_RULE_FILE_BYTES)}\n` })
    expect(errors(dir)[0]).toMatch(/agent\.toml:1: is \d+ bytes; a rule file or manifest is at most 262144/)
    const odd = folder('odd', {})
    mkdirSync(join(odd, 'agent.toml'))
    expect(errors(odd)[0]).toMatch(/agent\.toml:1: is a directory, not a regular file/)
    const rules = folder('bigrules', {
      'agent.toml': MYTOOL.replace(/mytool/g, 'bigrules'),
      'rules.toml': `agent = "bigrules"\n# ${'x'.repeat(MAX_RULE_FILE_BYTES)}\n`,
    })
    const registry = new RuleRegistry(() => [{ agent: 'bigrules', file: join(rules, 'rules.toml') }])
    expect(registry.reload().map(formatRuleFileError)).toEqual([
      expect.stringMatching(/rules\.toml:1: is \d+ bytes; a rule file or manifest is at most 262144/),
    ])
  })

  it('runs no code of a user’s folder, and says so', () => {
    const dir = folder('mytool', { 'agent.toml': MYTOOL, 'launch.ts': 'export function prepareLaunch() { throw new Error("ran") }' })
    const r = readAgentFolder(dir, 'user')
    expect(r.ok).toBe(true)
    if (!r.ok) return
    expect(r.value.code).toEqual({})
    expect(r.warnings.map(formatRuleFileError)).toEqual([
      `${join(dir, 'launch.ts')}:1: warning: code in your agent folder is not run: an agent of yours is agent.toml and rules.toml (plugin files it names in launch.files are handed to the agent, not run by the board)`,
    ])
  })
})
