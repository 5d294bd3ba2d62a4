/**
 * The board's own sounds, one short motif per kind of waiting, generated with WebAudio (no audio
 * files). Off unless chosen in the settings; they play with the notification, so they follow the
 * same policy (never for the pane you look at, at most once per pane and kind in 30 s).
 */
import type { AttentionKind } from '../../../../core/notify/notifyPolicy'

export interface ToneNote {
  /** Hz. */
  readonly freq: number
  readonly ms: number
}

/** Rising for a dialog (act now), two soft notes for a reply, one low note for a finished turn. */
export const TONES: Readonly<Record<AttentionKind, readonly ToneNote[]>> = {
  blocked: [
    { freq: 660, ms: 110 },
    { freq: 880, ms: 160 },
  ],
  question: [
    { freq: 587, ms: 110 },
    { freq: 784, ms: 110 },
    { freq: 988, ms: 140 },
  ],
  // A program waits for what you type: the dialog's rising pair, softer and lower.
  input: [
    { freq: 494, ms: 110 },
    { freq: 659, ms: 160 },
  ],
  asked: [
    { freq: 523, ms: 120 },
    { freq: 659, ms: 160 },
  ],
  finished: [{ freq: 440, ms: 220 }],
  alert: [
    { freq: 740, ms: 90 },
    { freq: 740, ms: 90 },
  ],
}

/** Gap between notes, and the fade at each end (no clicks). */
const GAP_MS = 30
const FADE_S = 0.012
const VOLUME = 0.12

type AudioContextLike = InstanceType<typeof AudioContext>
let context: AudioContextLike | null = null

/** Plays the kind's motif; silently nothing where WebAudio is missing or not allowed yet. */
export function playTone(kind: AttentionKind): void {
  const Ctor = globalThis.AudioContext as typeof AudioContext | undefined
  if (!Ctor) return
  try {
    context ??= new Ctor()
    const ctx = context
    let at = ctx.currentTime + 0.01
    for (const note of TONES[kind]) {
      const osc = ctx.createOscillator()
      const gain = ctx.createGain()
      const end = at + note.ms / 1000
      osc.type = 'sine'
      osc.frequency.value = note.freq
      gain.gain.setValueAtTime(0, at)
      gain.gain.linearRampToValueAtTime(VOLUME, at + FADE_S)
      gain.gain.setValueAtTime(VOLUME, end - FADE_S)
      gain.gain.linearRampToValueAtTime(0, end)
      osc.connect(gain).connect(ctx.destination)
      osc.start(at)
      osc.stop(end)
      at = end + GAP_MS / 1000
    }
  } catch {
    // An audio device that is gone or a page not yet interacted with: no sound, nothing else.
  }
}
