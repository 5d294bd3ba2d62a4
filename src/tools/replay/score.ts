import type { CastEvent } from './asciicast'

/**
 * Scores a replayed verdict timeline against a recording's ground truth (`m` markers
 * `state:<label>`; `reply-question` is our `asked`). The acceptance thresholds of issue 8.
 *
 * Honest by construction: an episode counts as detected only by a verdict of its state that is
 * up while the episode is (a verdict that came and went before the truth is a false alarm, not a
 * detection), and a verdict already up when the truth starts counts as latency 0, never less.
 */
export const enum ScoreConstants {
  /** An attention verdict that is wrong for this long is a false alarm. */
  FalseEpisodeMinS = 0.3,
  /** Agreement is measured outside this long after each true transition. */
  TransitionGraceS = 1,
}
/**
 * A verdict up this long (s) before its episode, and still up when the episode starts, is an early
 * detection (latency 0; its time still counts against agreement), not a false alarm: Codex 0.171
 * says blocked (its own OSC 7501 and PermissionRequest) ~650 ms before it draws the dialog here.
 */
export const EARLY_DETECTION_MAX_S = 1
export const MIN_AGREEMENT = 0.99
export const MAX_MEDIAN_LATENCY_S = 0.1

const ATTENTION = new Set(['blocked', 'question', 'asked'])
const DIALOGS = new Set(['blocked', 'question'])
const LABELS: Record<string, string> = { 'reply-question': 'asked' }

export interface Segment {
  readonly from: number
  readonly to: number
  readonly state: string
}

export interface Episode {
  readonly state: string
  readonly from: number
  readonly to: number
  /** Seconds from the true start to the verdict (0 when the verdict was already up); null: missed. */
  readonly latency: number | null
}

export interface Mismatch {
  readonly from: number
  readonly to: number
  readonly want: string | null
  readonly got: string | null
}

export interface Score {
  readonly episodes: readonly Episode[]
  /** Where the verdict disagreed with the truth outside the grace windows (for diagnosis). */
  readonly mismatches: readonly Mismatch[]
  readonly falseEpisodes: readonly Segment[]
  readonly agreement: number
  readonly medianLatency: number | null
  readonly failures: readonly string[]
}

export function truthSegments(events: readonly CastEvent[], end: number): Segment[] {
  const marks = events.flatMap((e) => (e.type === 'm' && e.label.startsWith('state:') ? [{ t: e.t, state: LABELS[e.label.slice(6)] ?? e.label.slice(6) }] : []))
  return marks.map((m, i) => ({ from: m.t, to: marks[i + 1]?.t ?? end, state: m.state }))
}

/** Verdict changes, replayed or live (a harness's recorded badge): only the time and the state count. */
export function verdictSegments(transitions: readonly { readonly t: number; readonly state: string }[], end: number): Segment[] {
  return transitions.map((tr, i) => ({ from: tr.t, to: Math.max(tr.t, transitions[i + 1]?.t ?? end), state: tr.state }))
}

function stateAt(segments: readonly Segment[], t: number): string | null {
  for (const s of segments) if (s.from <= t && t < s.to) return s.state
  return null
}

function median(values: readonly number[]): number | null {
  if (!values.length) return null
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

/**
 * When the user answered a dialog: keys typed while the truth shows one. A recording's marker for
 * leaving a dialog is often set when the agent's next screen settles, later than the key that really
 * ended it (Codex runs its Interrupt hook first), so each answer also opens a grace window.
 */
export function answerTimes(events: readonly CastEvent[], truth: readonly Segment[]): number[] {
  return events.flatMap((e) => (e.type === 'i' && truth.some((s) => DIALOGS.has(s.state) && s.from <= e.t && e.t < s.to) ? [e.t] : []))
}

export function scoreReplay(truth: readonly Segment[], verdicts: readonly Segment[], answers: readonly number[] = []): Score {
  if (!truth.length)
    return { episodes: [], mismatches: [], falseEpisodes: [], agreement: 0, medianLatency: null, failures: ['the recording has no state markers'] }
  const start = truth[0]!.from
  const end = truth[truth.length - 1]!.to
  const graceFrom = [...truth.map((s) => s.from), ...answers]
  const cuts = [
    ...new Set([
      start,
      end,
      ...truth.flatMap((s) => [s.from, s.to]),
      ...graceFrom.map((t) => t + ScoreConstants.TransitionGraceS),
      ...answers,
      ...verdicts.flatMap((s) => [s.from, s.to]),
    ]),
  ]
    .filter((t) => t >= start && t <= end)
    .sort((a, b) => a - b)

  let measured = 0
  let agreed = 0
  const falseEpisodes: Segment[] = []
  const mismatches: Mismatch[] = []
  let open: { from: number; to: number; state: string } | null = null
  for (let i = 0; i + 1 < cuts.length; i++) {
    const [a, b] = [cuts[i]!, cuts[i + 1]!]
    const mid = (a + b) / 2
    const want = stateAt(truth, mid)
    const got = stateAt(verdicts, mid)
    if (!graceFrom.some((t) => t <= mid && mid < t + ScoreConstants.TransitionGraceS)) {
      measured += b - a
      if (want === got) agreed += b - a
      else {
        const last = mismatches[mismatches.length - 1]
        if (last && last.to === a && last.want === want && last.got === got) mismatches[mismatches.length - 1] = { ...last, to: b }
        else mismatches.push({ from: a, to: b, want, got })
      }
    }
    const wrongAttention = got !== null && ATTENTION.has(got) && got !== want
    if (wrongAttention && open && open.state === got && open.to === a) open.to = b
    else {
      if (open) falseEpisodes.push(open)
      open = wrongAttention ? { from: a, to: b, state: got } : null
    }
  }
  if (open) falseEpisodes.push(open)
  const early = (f: Segment) =>
    f.to - f.from <= EARLY_DETECTION_MAX_S && truth.some((s) => s.state === f.state && s.from === f.to) && stateAt(verdicts, f.to) === f.state
  const alarms = falseEpisodes.filter((f) => !early(f))

  const episodes: Episode[] = truth
    .filter((s) => ATTENTION.has(s.state))
    .map((s) => {
      const hit = verdicts.find((v) => v.state === s.state && v.to > s.from && v.from < s.to)
      return { state: s.state, from: s.from, to: s.to, latency: hit ? Math.max(0, hit.from - s.from) : null }
    })
  const longFalse = alarms.filter((f) => f.to - f.from >= ScoreConstants.FalseEpisodeMinS)
  const agreement = measured > 0 ? agreed / measured : 0
  const medianLatency = median(episodes.flatMap((e) => (e.latency === null ? [] : [e.latency])))
  const failures: string[] = []
  for (const e of episodes) if (e.latency === null) failures.push(`missed ${e.state} at ${e.from.toFixed(3)} s`)
  for (const f of longFalse) failures.push(`false ${f.state} for ${(f.to - f.from).toFixed(3)} s at ${f.from.toFixed(3)} s`)
  if (agreement < MIN_AGREEMENT) failures.push(`time agreement ${(agreement * 100).toFixed(2)} % < ${MIN_AGREEMENT * 100} %`)
  if (medianLatency !== null && medianLatency > MAX_MEDIAN_LATENCY_S)
    failures.push(`median detection latency ${(medianLatency * 1000).toFixed(0)} ms > ${MAX_MEDIAN_LATENCY_S * 1000} ms`)
  return { episodes, mismatches, falseEpisodes: alarms, agreement, medianLatency, failures }
}
