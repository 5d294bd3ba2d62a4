import { it } from 'vitest'
import { readFileSync } from 'node:fs'
import { RuleRegistry } from '../status/ruleRegistry'
import { listFixtureRecordings, runFixture } from './fixtureSuite'
import { scoreReplay, truthSegments, verdictSegments } from './score'
import { parseCast } from './asciicast'

it('scratch', async () => {
  const registry = RuleRegistry.loadStrict('resources/rules')
  const dir = process.env.SCRATCH_DIR!
  for (const r of listFixtureRecordings(dir).concat(process.env.SCRATCH_FLAT ? [] : [])) print(await runFixture(r, registry), r.cast)
  for (const f of (process.env.SCRATCH_FILES ?? '').split(',').filter(Boolean)) {
    const rec = { name: f, folder: 'claude', cast: `${f}.cast`, hooks: `${f}.hooks.jsonl` }
    const res = await runFixture(rec, registry)
    print(res, f)
    const cast = parseCast(readFileSync(`${f}.cast`, 'utf8'))
    const live = readFileSync(`${f}.verdicts.jsonl`, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as { t: number; state: string })
    const end = cast.events[cast.events.length - 1]!.t
    const s = scoreReplay(truthSegments(cast.events, end), verdictSegments(live, end))
    console.log(`LIVE ${f}: agreement ${(s.agreement * 100).toFixed(2)} failures ${JSON.stringify(s.failures)}\n  mismatches ${JSON.stringify(s.mismatches.filter((m) => m.to - m.from > 0.001).map((m) => [m.from.toFixed(2), m.to.toFixed(2), m.want, m.got]))}`)
  }
})
function print(res: Awaited<ReturnType<typeof runFixture>>, name: string) {
  console.log(`REPLAY ${name}: agent ${res.agent} agreement ${(res.score.agreement * 100).toFixed(2)} episodes ${JSON.stringify(res.score.episodes.map((e) => [e.state, e.from.toFixed(2), e.latency]))} failures ${JSON.stringify(res.score.failures)}\n  mismatches ${JSON.stringify(res.score.mismatches.filter((m) => m.to - m.from > 0.001).map((m) => [m.from.toFixed(2), m.to.toFixed(2), m.want, m.got]))}`)
}
