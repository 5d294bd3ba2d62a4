import { execFile } from 'node:child_process'
import { readdirSync, readFileSync, realpathSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import type { AgentManifest, VersionProbe } from '../../core/agents/agentManifest'
import { planAgentLaunch } from '../../core/launch/launchPlan'
import type { AgentInstall, AgentReport } from '../../shared/domain/agents'
import { agentSettings, type Settings } from '../../shared/domain/settings'
import { findExecutable } from '../util/findExecutable'
import { compileRuleRegex } from '../status/ruleRegex'
import { isNewerThanVerified, normalVersion } from '../status/versions'
import type { AgentCatalog } from './agentCatalog'
import { agentInfos } from './agentList'

export const enum VersionProbeLimits {
  /** `[version] args`: the longest a version command may take (opencode --version: 1–11 s measured here, loaded). */
  RunMs = 15_000,
  /** Output read from it. */
  OutputBytes = 64 * 1024,
  /** Directories walked up from the executable to its npm package. */
  PackageDepth = 8,
  /** A package.json or METADATA read while looking. */
  FileBytes = 1024 * 1024,
}

export type VersionResult = { readonly version: string; readonly problem: null } | { readonly version: null; readonly problem: string }

const found = (version: string): VersionResult => ({ version, problem: null })
const unknown = (problem: string): VersionResult => ({ version: null, problem })

function readSmall(path: string): string | null {
  try {
    const stat = statSync(path)
    if (!stat.isFile() || stat.size > VersionProbeLimits.FileBytes) return null
    return readFileSync(path, 'utf8')
  } catch {
    return null
  }
}

/** The version of npm package `name` that `file` (the executable, its symlinks resolved) belongs to. */
export function npmVersion(file: string, name: string): VersionResult {
  let dir = dirname(file)
  for (let i = 0; i < VersionProbeLimits.PackageDepth; i++, dir = dirname(dir)) {
    const text = readSmall(join(dir, 'package.json'))
    if (text !== null) {
      try {
        const pkg = JSON.parse(text) as { name?: unknown; version?: unknown }
        if (pkg.name === name && typeof pkg.version === 'string') return found(pkg.version)
      } catch {
        // Not JSON: keep looking above it.
      }
    }
    if (dirname(dir) === dir) break
  }
  return unknown(`${file} is not part of the npm package ${name}`)
}

/** A Python distribution's name as its dist-info folder spells it (PEP 503: runs of -_. are one _ there, lower-cased). */
const distName = (name: string) => name.toLowerCase().replace(/[-_.]+/g, '_')

/** The version of Python distribution `name` installed in the environment whose bin/ holds `executable` (a venv, pipx, the user's site). */
export function pypiVersion(executable: string, name: string): VersionResult {
  const prefix = dirname(dirname(executable))
  const lib = join(prefix, 'lib')
  const wanted = distName(name)
  let pythons: string[] = []
  try {
    pythons = readdirSync(lib).filter((d) => /^python\d/.test(d))
  } catch {
    return unknown(`${executable} is not in a Python environment (no ${lib})`)
  }
  for (const python of pythons) {
    const site = join(lib, python, 'site-packages')
    let entries: string[] = []
    try {
      entries = readdirSync(site)
    } catch {
      continue
    }
    for (const entry of entries) {
      const m = /^(.+)-([^-]+)\.dist-info$/.exec(entry)
      if (!m || distName(m[1]!) !== wanted) continue
      const version = /^Version:\s*(\S+)\s*$/m.exec(readSmall(join(site, entry, 'METADATA')) ?? '')?.[1] ?? m[2]!
      return found(version)
    }
  }
  return unknown(`no ${name} in the Python environment of ${executable}`)
}

const DEFAULT_VERSION = /\bv?(\d+\.\d+(?:\.\d+)?(?:-[0-9A-Za-z.-]+)?)\b/u

/** The version in a version command's output: group `version`, else group 1, else the first 1.2.3. */
export function versionInOutput(output: string, pattern: string | undefined): string | null {
  // The manifest's pattern (checked when its folder loaded) runs on the linear engine, as rules do.
  const m = (pattern === undefined ? DEFAULT_VERSION : compileRuleRegex(pattern)).exec(output)
  return m ? (m.groups?.version ?? m[1] ?? m[0]) : null
}

function runForVersion(executable: string, probe: VersionProbe, env: NodeJS.ProcessEnv): Promise<VersionResult> {
  return new Promise((resolve) => {
    const child = execFile(
      executable,
      [...(probe.args ?? [])],
      { env, timeout: VersionProbeLimits.RunMs, maxBuffer: VersionProbeLimits.OutputBytes, encoding: 'utf8', killSignal: 'SIGKILL' },
      (err, stdout, stderr) => {
        const output = `${stdout}\n${stderr}`
        const version = versionInOutput(output, probe.pattern)
        if (version) return resolve(found(version))
        if (err && (err as { killed?: boolean }).killed)
          return resolve(unknown(`${executable} ${(probe.args ?? []).join(' ')} did not finish within ${VersionProbeLimits.RunMs / 1000} s`))
        resolve(unknown(`no version in the output of ${executable} ${(probe.args ?? []).join(' ')}${err ? ` (${err.message.split('\n')[0]})` : ''}`))
      },
    )
    // Nothing to read: a version command that waits for input ends at once.
    child.stdin?.end()
  })
}

/**
 * The installed version of an agent, the way its manifest says (`[version]`): from the npm or
 * Python package the executable belongs to (no process runs), else by running it with
 * `args` (bounded in time and output). No network is used by the board; a version command is
 * the agent's own.
 */
export async function probeVersion(manifest: AgentManifest, executable: string, env: NodeJS.ProcessEnv): Promise<VersionResult> {
  const probe = manifest.version
  if (!probe) return unknown(`${manifest.id}'s agent.toml does not say how to read its version ([version])`)
  let real = executable
  try {
    real = realpathSync(executable)
  } catch {
    // Read what is there.
  }
  const tries: VersionResult[] = []
  if (probe.npm) tries.push(npmVersion(real, probe.npm))
  if (tries.at(-1)?.version) return tries.at(-1)!
  // A venv's entry script is a file of its own (its python is the link): follow a link on PATH
  // (pipx, Hermes' installer: ~/.local/bin/hermes) to the venv it lives in.
  if (probe.pypi) tries.push(pypiVersion(real, probe.pypi))
  if (tries.at(-1)?.version) return tries.at(-1)!
  if (probe.args) tries.push(await runForVersion(executable, probe, env))
  return tries.find((t) => t.version) ?? tries.at(-1) ?? unknown('nothing to read the version from')
}

/** Newer than every version the agent's knowledge (its manifest, its rules) was verified on; null when that cannot be told. */
function newerThanVerified(version: string | null, verified: readonly (string | null)[]): boolean | null {
  if (!version || !normalVersion(version)) return null
  const answers = verified.filter((v): v is string => v !== null).map((v) => isNewerThanVerified(version, v))
  if (!answers.some((a) => a !== null)) return null
  return answers.some((a) => a === true)
}

/**
 * Every agent of the catalog with what is installed here: the executable a launch would run
 * (the settings', else the command's, on PATH), its version, and whether that is newer than what
 * the folder was verified on. Versions are read side by side.
 */
export async function agentReports(catalog: AgentCatalog, settings: Settings, env: NodeJS.ProcessEnv, cwd: string): Promise<AgentReport[]> {
  const infos = agentInfos(catalog)
  return Promise.all(
    infos.map(async (info): Promise<AgentReport> => {
      const manifest = catalog.get(info.id)!.manifest
      const plan = planAgentLaunch(manifest, agentSettings(settings, info.id))
      const path = plan.env.PATH ?? env.PATH
      const executable = findExecutable(plan.executable, path, cwd)
      const install: AgentInstall = executable
        ? await probeVersion(manifest, executable, { ...env, ...plan.env }).then((v) => ({
            executable,
            looked: plan.executable,
            version: v.version,
            versionProblem: v.problem,
            newer: newerThanVerified(v.version, [info.verifiedOn.agent, info.verifiedOn.rules]),
          }))
        : {
            executable: null,
            looked: plan.executable,
            version: null,
            versionProblem: `${plan.executable} is not installed (${plan.fromSettings ? 'the path in the settings' : 'not on PATH'})`,
            newer: null,
          }
      return { ...info, ...install }
    }),
  )
}
