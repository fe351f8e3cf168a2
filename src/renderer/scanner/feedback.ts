/**
 * Acknowledgement sounds, synthesized (no audio files): a short high beep when a scan is stored,
 * a low double buzz for a misread or an error, a two-tone for "needs a decision". They never
 * throw: a PC without audio still counts.
 */
type Tone = [frequency: number, ms: number, gapMs: number];

const SOUNDS: Record<'ok' | 'error' | 'attention', Tone[]> = {
  ok: [[1800, 70, 0]],
  error: [
    [220, 140, 60],
    [220, 140, 0],
  ],
  attention: [
    [880, 110, 40],
    [660, 160, 0],
  ],
};

let ctx: AudioContext | null = null;
let sleepTimer: ReturnType<typeof setTimeout> | null = null;
/**
 * A running audio context renders all the time, sound or silence (in Chromium about 5 % of a core
 * between the page and the browser process, measured on the count screen): it is suspended once the
 * scans stop for this long, and the next beep resumes it (the tone is scheduled at the context's
 * time, which stands still while it sleeps, so it plays as it wakes).
 */
const SLEEP_AFTER_MS = 30_000;

export function beep(kind: keyof typeof SOUNDS, enabled = true): void {
  if (!enabled) return;
  try {
    const Ctor = (globalThis as { AudioContext?: typeof AudioContext }).AudioContext;
    if (!Ctor) return;
    ctx ??= new Ctor();
    const audio = ctx;
    if (audio.state === 'suspended') void audio.resume().catch(() => undefined);
    if (sleepTimer) clearTimeout(sleepTimer);
    sleepTimer = setTimeout(() => void audio.suspend().catch(() => undefined), SLEEP_AFTER_MS);
    let at = ctx.currentTime;
    for (const [freq, ms, gap] of SOUNDS[kind]) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = kind === 'error' ? 'square' : 'sine';
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.2, at);
      gain.gain.exponentialRampToValueAtTime(0.001, at + ms / 1000);
      osc.connect(gain).connect(ctx.destination);
      osc.start(at);
      osc.stop(at + ms / 1000);
      at += (ms + gap) / 1000;
    }
  } catch {
    // no audio device: the visual acknowledgement is enough
  }
}
