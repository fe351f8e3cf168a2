import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { defaultSettings } from '../../../src/shared/domain/settings';
import { ScanDetector, type Verdict } from '../../../src/renderer/scanner/detector';
import { decodeKey } from '../../../src/renderer/scanner/keymap';
import { ScanQueue } from '../../../src/renderer/scanner/queue';

const US_CODE: Record<string, string> = { '-': 'Minus', '*': 'Digit8', '.': 'Period', '/': 'Slash', ' ': 'Space' };
/** Keys as a US-layout scanner sends them; `layout` lets a test corrupt `key` like a Turkish Q layout. */
function keyOf(ch: string, layout: (ch: string) => string = (c) => c) {
  const code = /[a-z]/i.test(ch) ? `Key${ch.toUpperCase()}` : /\d/.test(ch) ? `Digit${ch}` : (US_CODE[ch] ?? 'Unidentified');
  return { code, key: layout(ch), shiftKey: /[A-Z*]/.test(ch) };
}
const TURKISH_Q = (ch: string) => ({ '-': '*', i: 'ı', '*': '(', '.': 'ç', '/': '.' })[ch] ?? ch;

function run(
  d: ScanDetector,
  text: string,
  start: number,
  gap: number,
  end: 'Enter' | 'Tab' | null = 'Enter',
  layout?: (c: string) => string,
): Verdict[] {
  const out: Verdict[] = [];
  let t = start;
  for (const ch of text) {
    out.push(d.feed({ ...keyOf(ch, layout), time: t }));
    t += gap;
  }
  if (end) out.push(d.feed({ code: end, key: end, shiftKey: false, time: t }));
  return out;
}

const settings = { ...defaultSettings.scanner };

describe('keymap', () => {
  it('reads what a US-layout scanner meant even when a Turkish layout changed the key', () => {
    for (const ch of ['-', 'i', '*', '.', '/', 'A', 'z', '7']) {
      const k = keyOf(ch, TURKISH_Q);
      expect(decodeKey(k, true), ch).toBe(ch);
    }
    expect(decodeKey(keyOf('-', TURKISH_Q), false)).toBe('*');
    expect(decodeKey({ code: 'Numpad5', key: '5', shiftKey: false }, true)).toBe('5');
    expect(decodeKey({ code: 'ShiftLeft', key: 'Shift', shiftKey: true }, true)).toBeNull();
    expect(decodeKey({ code: 'Unidentified', key: 'Ş', shiftKey: false }, true)).toBe('Ş');
    // Case follows what the OS produced, also without a Shift flag (some scanners, Caps Lock).
    expect(decodeKey({ code: 'KeyA', key: 'A', shiftKey: false }, true)).toBe('A');
    expect(decodeKey({ code: 'KeyI', key: 'ı', shiftKey: false }, true)).toBe('i');
    expect(decodeKey({ code: 'KeyI', key: 'I', shiftKey: true }, true)).toBe('I');
  });
});

describe('scan detector', () => {
  it('recognises a 13-character burst ending with Enter and swallows all but the first key', () => {
    const d = new ScanDetector(settings);
    const v = run(d, '8690345727803', 1000, 5);
    expect(v[0]).toEqual({ type: 'first' });
    expect(v[1]).toEqual({ type: 'swallow', restore: true });
    expect(v[2]).toEqual({ type: 'swallow', restore: false });
    expect(v.at(-1)).toMatchObject({ type: 'scan', code: '8690345727803', keys: 13 });
  });

  it('keeps a Turkish-layout scan intact', () => {
    const d = new ScanDetector(settings);
    expect(run(d, 'TR-kod-i*9', 0, 4, 'Enter', TURKISH_Q).at(-1)).toMatchObject({ type: 'scan', code: 'TR-kod-i*9' });
  });

  it('leaves a person typing 12 and Enter alone, then catches the scan right after', () => {
    const d = new ScanDetector(settings);
    const typing = run(d, '12', 0, 180);
    expect(typing.map((v) => v.type)).toEqual(['first', 'first', 'pass']);
    expect(run(d, '8690345727803', 1000, 6).at(-1)).toMatchObject({ type: 'scan', code: '8690345727803' });
  });

  it('treats a short fast burst as typing and gives the swallowed characters back', () => {
    const d = new ScanDetector(settings);
    run(d, 'ab', 0, 10, null);
    expect(d.tick(5)).toBeNull();
    expect(d.tick(400)).toEqual({ type: 'release', text: 'ab', swallowed: true });
    const short = new ScanDetector(settings);
    expect(run(short, 'ab', 0, 10).at(-1)).toEqual({ type: 'pass', ended: { type: 'release', text: 'ab', swallowed: true } });
  });

  it('honours a prefix, Tab as suffix, and "none" (a pause ends the code)', () => {
    expect(run(new ScanDetector({ ...settings, prefix: ']C' }), ']C12345', 0, 5).at(-1)).toMatchObject({ type: 'scan', code: '12345' });
    expect(run(new ScanDetector({ ...settings, prefix: ']C' }), '12345', 0, 5).at(-1)).toMatchObject({ type: 'pass' });
    expect(run(new ScanDetector({ ...settings, suffix: 'Tab' }), 'ABCDE', 0, 5, 'Tab').at(-1)).toMatchObject({
      type: 'scan',
      code: 'ABCDE',
    });
    const none = new ScanDetector({ ...settings, suffix: 'none' });
    run(none, 'SKU-123', 0, 5, null);
    expect(none.tick(120)).toMatchObject({ type: 'scan', code: 'SKU-123' });
  });

  it("a modifier pressed on its own (the Control of a scanner's Ctrl+]) does not end the scan; GS is in the code", () => {
    const d = new ScanDetector(settings);
    run(d, ']C1010869001000407910LOT42', 0, 8, null);
    const t = 26 * 8;
    expect(d.feed({ code: 'ControlLeft', key: 'Control', shiftKey: false, time: t })).toEqual({ type: 'pass' });
    expect(d.feed({ code: '', key: '\u001d', shiftKey: false, time: t + 8 })).toMatchObject({ type: 'swallow' });
    for (const key of ['Alt', 'Meta', 'AltGraph', 'CapsLock']) expect(d.feed({ code: '', key, shiftKey: false, time: t + 9 })).toEqual({ type: 'pass' });
    const v = run(d, '17271231', t + 16, 8);
    expect(v.at(-1)).toMatchObject({ type: 'scan', code: ']C1010869001000407910LOT42\u001d17271231' });
  });

  it('does not let a slow Enter long after the burst count as the scan suffix', () => {
    const d = new ScanDetector(settings);
    run(d, 'ABCDEFG', 0, 5, null);
    expect(d.feed({ code: 'Enter', key: 'Enter', shiftKey: false, time: 30 + 500 })).toMatchObject({ type: 'pass' });
  });
});

/**
 * Feeds timed keys to a detector the way the hook does (ticks every 10 ms between keys) and
 * models a focused text field: what passes lands in it, `restore` puts it back as it was when the
 * run began, a release gives swallowed characters back.
 */
function simulate(d: ScanDetector, keys: { ch: string; time: number }[], initial = '') {
  let field = initial;
  let snapshot = initial;
  const scans: string[] = [];
  const released: string[] = [];
  const onEnded = (r: { text: string; swallowed: boolean } | undefined) => {
    if (!r) return;
    released.push(r.text);
    if (r.swallowed) field = snapshot + r.text;
  };
  let clock = keys[0]?.time ?? 0;
  for (const k of keys) {
    for (; clock + 10 < k.time; clock += 10) {
      const r = d.tick(clock + 10);
      if (r?.type === 'scan') scans.push(r.code);
      else onEnded(r ?? undefined);
    }
    clock = k.time;
    const v =
      k.ch === 'Enter' ? d.feed({ code: 'Enter', key: 'Enter', shiftKey: false, time: k.time }) : d.feed({ ...keyOf(k.ch), time: k.time });
    if (v.type === 'first') {
      onEnded(v.ended);
      snapshot = field;
      field += k.ch;
    } else if (v.type === 'pass') {
      onEnded(v.ended);
      if (k.ch !== 'Enter') field += k.ch;
    } else if (v.type === 'swallow') {
      if (v.restore) field = snapshot;
    } else {
      if (v.restore) field = snapshot;
      scans.push(v.code);
    }
  }
  for (let i = 0; i < 60; i++) {
    clock += 10;
    const r = d.tick(clock);
    if (r?.type === 'scan') scans.push(r.code);
    else onEnded(r ?? undefined);
  }
  return { field, scans, released };
}

const codeArb = fc.oneof(
  fc.stringMatching(/^[0-9]{8,14}$/),
  fc.stringMatching(/^[A-Za-z][A-Za-z0-9-]{3,20}$/),
  fc.constantFrom('nosuchthing999', '397791202351', 'A-01'),
);

/** A scanner's timing: a slow start (up to 80 ms; on long codes sometimes twice), 2–40 ms later plus 5 ms jitter, maybe one long pause inside. */
const scanTimingArb = (length: number) =>
  fc.record({
    first: fc.integer({ min: 1, max: 80 }),
    second: length >= 8 ? fc.oneof(fc.integer({ min: 2, max: 45 }), fc.integer({ min: 46, max: 80 })) : fc.integer({ min: 2, max: 45 }),
    later: fc.array(fc.integer({ min: 2, max: 45 }), { minLength: length + 1, maxLength: length + 1 }),
    pause: fc.option(fc.record({ at: fc.integer({ min: 4, max: Math.max(4, length - 1) }), ms: fc.integer({ min: 41, max: 200 }) })),
  });

type ScanTiming = { first: number; second: number; later: number[]; pause: { at: number; ms: number } | null };

/** A scan's keys at the given timing, Enter last; read through the simulated hook into a field holding `initial`. */
function scanWhole(code: string, t: ScanTiming, initial: string) {
  const keys: { ch: string; time: number }[] = [];
  let time = 1000;
  [...code].forEach((ch, i) => {
    if (i === 1) time += t.first;
    else if (i === 2) time += t.second;
    else if (i > 2) time += t.pause && t.pause.at === i ? t.pause.ms : t.later[i]!;
    keys.push({ ch, time });
  });
  keys.push({ ch: 'Enter', time: time + t.later[0]! });
  const r = simulate(new ScanDetector(settings), keys, initial);
  expect(r.scans).toEqual([code]);
  expect(r.field).toBe(initial);
  expect(r.released).toEqual([]);
}

const scanCase = codeArb.chain((code) => fc.tuple(fc.constant(code), scanTimingArb(code.length), fc.constantFrom('', 'abc')));

describe('scan detector: realistic timings (issue 11.6)', () => {
  it('never loses the first characters of a scan, and never leaves any of it in the focused field', () => {
    fc.assert(
      fc.property(scanCase, ([code, t, initial]) => scanWhole(code, t, initial)),
      { numRuns: 2000 },
    );
  });

  it("fuzz counterexamples: a pause right after a slow start does not cut the start off; 45 ms gaps are a scanner's", () => {
    // Gaps 45, 46, 45 (none at a scanner's speed yet), then a 121 ms pause, then a fast burst: was read "chthing999".
    const t = { first: 45, second: 46, later: [2, 2, 2, 45, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2], pause: { at: 4, ms: 121 } };
    scanWhole('nosuchthing999', t, '');
    scanWhole('nosuchthing999', t, 'abc');
    // Every gap 45 ms (40 plus jitter), none at the old 44 ms scanner speed: was not a scan at all (seed -1593332937).
    scanWhole('A-01', { first: 45, second: 45, later: [2, 2, 2, 45, 2], pause: null }, '');
    fc.assert(
      fc.property(scanCase, ([code, t, initial]) => scanWhole(code, t, initial)),
      { seed: -900546455, path: '847:3:0:0:1:1:1:1:7:1:1:1:1:1:1:1:1:1:1:4:1:1:1:1:1:1:2:2:2', endOnFailure: true },
    );
  });

  it('keys held back as a possible slow start that turn out to be typing stay in the field, in order', () => {
    // 60 ms gaps (quick, not a scanner's speed), a 200 ms pause, then a fast pair and slow keys: no scan.
    const times = [0, 60, 120, 320, 330, 600, 900];
    const keys = [...'12345ab'].map((ch, i) => ({ ch, time: 1000 + times[i]! }));
    const r = simulate(new ScanDetector(settings), keys, 'x');
    expect(r.scans).toEqual([]);
    expect(r.field).toBe('x12345ab');
  });

  it('the two cut scans of the walkthrough are read whole', () => {
    for (const [code, first] of [
      ['nosuchthing999', [70, 65, 60]],
      ['397791202351', [80, 75, 72, 70, 66, 62]],
    ] as const) {
      const keys: { ch: string; time: number }[] = [];
      let time = 0;
      [...code].forEach((ch, i) => {
        time += i === 0 ? 0 : (first[i - 1] ?? 8);
        keys.push({ ch, time });
      });
      keys.push({ ch: 'Enter', time: time + 8 });
      expect(simulate(new ScanDetector(settings), keys).scans).toEqual([code]);
    }
  });

  it('a person typing (gaps over 90 ms) is never taken for a scan and loses no character', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-z0-9]{1,12}$/),
        fc.array(fc.integer({ min: 90, max: 400 }), { minLength: 13, maxLength: 13 }),
        (text, gaps) => {
          const keys: { ch: string; time: number }[] = [];
          let time = 0;
          [...text].forEach((ch, i) => {
            time += gaps[i]!;
            keys.push({ ch, time });
          });
          keys.push({ ch: 'Enter', time: time + gaps[12]! });
          const r = simulate(new ScanDetector(settings), keys);
          expect(r.scans).toEqual([]);
          expect(r.field).toBe(text);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('scan queue', () => {
  it('processes in order, one at a time, losing nothing when storing is slow or fails', async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const done: string[] = [];
    let active = 0;
    let maxActive = 0;
    const q = new ScanQueue(async (code) => {
      active += 1;
      maxActive = Math.max(maxActive, active);
      await new Promise((r) => setTimeout(r, code.endsWith('7') ? 3 : 0));
      active -= 1;
      if (code === 'C13') throw new Error('store failed');
      done.push(code);
    });
    for (let i = 0; i < 500; i++) q.enqueue(`C${i}`);
    expect(q.pending).toBe(500);
    await q.idle();
    expect(maxActive).toBe(1);
    expect(done).toEqual(Array.from({ length: 500 }, (_, i) => `C${i}`).filter((c) => c !== 'C13'));
    expect(quiet).toHaveBeenCalledTimes(1);
    quiet.mockRestore();
  });
});
