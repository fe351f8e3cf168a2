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
    expect(d.tick(200)).toEqual({ type: 'release', text: 'ab' });
    const short = new ScanDetector(settings);
    expect(run(short, 'ab', 0, 10).at(-1)).toEqual({ type: 'pass' });
  });

  it('honours a prefix, Tab as suffix, and "none" (a pause ends the code)', () => {
    expect(run(new ScanDetector({ ...settings, prefix: ']C' }), ']C12345', 0, 5).at(-1)).toMatchObject({ type: 'scan', code: '12345' });
    expect(run(new ScanDetector({ ...settings, prefix: ']C' }), '12345', 0, 5).at(-1)).toEqual({ type: 'pass' });
    expect(run(new ScanDetector({ ...settings, suffix: 'Tab' }), 'ABCDE', 0, 5, 'Tab').at(-1)).toMatchObject({
      type: 'scan',
      code: 'ABCDE',
    });
    const none = new ScanDetector({ ...settings, suffix: 'none' });
    run(none, 'SKU-123', 0, 5, null);
    expect(none.tick(100)).toMatchObject({ type: 'scan', code: 'SKU-123' });
  });

  it('does not let a slow Enter long after the burst count as the scan suffix', () => {
    const d = new ScanDetector(settings);
    run(d, 'ABCDEFG', 0, 5, null);
    expect(d.feed({ code: 'Enter', key: 'Enter', shiftKey: false, time: 30 + 500 })).toEqual({ type: 'pass' });
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
