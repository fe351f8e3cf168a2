import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultSettings } from '../../../src/shared/domain/settings';
import { useScanner, type ScannerOptions } from '../../../src/renderer/scanner/useScanner';
import { useApp } from '../../../src/renderer/store/app';

function Harness({ onScan, options }: { onScan: (code: string) => Promise<void> | void; options?: ScannerOptions }) {
  const [qty, setQty] = useState('');
  useScanner(onScan, options);
  return <input aria-label="qty" value={qty} onChange={(e) => setQty(e.target.value)} />;
}

const KEY = (ch: string) => ({ key: ch, code: /\d/.test(ch) ? `Digit${ch}` : `Key${ch.toUpperCase()}`, shiftKey: /[A-Z]/.test(ch) });

/** Types like a browser: keydown, then (unless prevented) the character lands in the focused field. */
function press(ch: string, target: Element = document.activeElement ?? document.body) {
  const ev = new KeyboardEvent('keydown', { ...KEY(ch), bubbles: true, cancelable: true });
  const allowed = target.dispatchEvent(ev);
  if (allowed && target instanceof HTMLInputElement && ch.length === 1) fireEvent.change(target, { target: { value: target.value + ch } });
}
const enter = (target: Element = document.activeElement ?? document.body) =>
  target.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', code: 'Enter', bubbles: true, cancelable: true }));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Keys as the keyboard delivered them: each goes down at `down` and up at `up` (their time stamps,
 * the page's clock), handled in that order now. Like `press`, a character lands in the focused
 * field unless its keydown was prevented.
 */
function keysAt(keys: { ch: string; down: number; up: number }[]) {
  const events = keys.flatMap((k) => [
    { k, time: k.down, type: 'keydown' },
    { k, time: k.up, type: 'keyup' },
  ]);
  for (const { k, time, type } of events.sort((a, b) => a.time - b.time)) {
    const target = document.activeElement ?? document.body;
    const init = k.ch === 'Enter' ? { key: 'Enter', code: 'Enter' } : KEY(k.ch);
    const ev = new KeyboardEvent(type, { ...init, bubbles: true, cancelable: true });
    Object.defineProperty(ev, 'timeStamp', { value: time });
    const allowed = target.dispatchEvent(ev);
    if (type === 'keydown' && allowed && target instanceof HTMLInputElement && k.ch.length === 1)
      fireEvent.change(target, { target: { value: target.value + k.ch } });
  }
}

beforeEach(() => useApp.setState({ settings: { ...defaultSettings, language: 'en' } }));
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('useScanner', () => {
  it('takes a scan while a field has focus, and the code does not stay in the field', async () => {
    const scans: string[] = [];
    render(<Harness onScan={(c) => void scans.push(c)} />);
    const input = screen.getByLabelText<HTMLInputElement>('qty');
    input.focus();
    press('1', input);
    await sleep(120);
    press('2', input); // typed by a person: stays
    await sleep(120);
    await act(async () => {
      for (const ch of '8690345727803') press(ch, input);
      enter(input);
      await sleep(20);
    });
    expect(scans).toEqual(['8690345727803']);
    expect(input.value).toBe('12');
  });

  it('accepts a scan with nothing focused and ignores Alt shortcuts', async () => {
    const scans: string[] = [];
    render(<Harness onScan={(c) => void scans.push(c)} />);
    await act(async () => {
      for (const ch of 'SKU123') press(ch, document.body);
      enter(document.body);
      window.dispatchEvent(new KeyboardEvent('keydown', { key: '1', code: 'Digit1', altKey: true }));
      await sleep(20);
    });
    expect(scans).toEqual(['SKU123']);
  });

  for (const gs of ['Ctrl+]', 'the GS character'] as const) {
    it(`a GS1 scan with its separator as ${gs} is one scan with GS in it; nothing lands in the focused field`, async () => {
      const scans: string[] = [];
      render(<Harness onScan={(c) => void scans.push(c)} />);
      const input = screen.getByLabelText<HTMLInputElement>('qty');
      input.focus();
      const sep = () => {
        if (gs === 'Ctrl+]') {
          input.dispatchEvent(
            new KeyboardEvent('keydown', { key: 'Control', code: 'ControlLeft', ctrlKey: true, bubbles: true, cancelable: true }),
          );
          input.dispatchEvent(
            new KeyboardEvent('keydown', { key: ']', code: 'BracketRight', ctrlKey: true, bubbles: true, cancelable: true }),
          );
        } else input.dispatchEvent(new KeyboardEvent('keydown', { key: '\u001d', code: '', bubbles: true, cancelable: true }));
      };
      await act(async () => {
        for (const ch of '0108690010004079') press(ch, input);
        for (const ch of '10LOT42') press(ch, input);
        sep();
        for (const ch of '17271231') press(ch, input);
        enter(input);
        await sleep(20);
      });
      expect(scans).toEqual(['0108690010004079' + '10LOT42\u001d17271231']);
      expect(input.value).toBe('');
    });
  }

  it('queues scans that arrive while an earlier one is still being stored', async () => {
    const stored: string[] = [];
    let release: () => void = () => undefined;
    const slow = (code: string) =>
      new Promise<void>((r) => {
        release = () => {
          stored.push(code);
          r();
        };
      });
    render(<Harness onScan={slow} />);
    await act(async () => {
      for (const code of ['AAAA1', 'BBBB2', 'CCCC3']) {
        for (const ch of code) press(ch, document.body);
        enter(document.body);
        await sleep(40);
      }
    });
    for (let i = 0; i < 3; i++) {
      await act(async () => {
        release();
        await sleep(5);
      });
    }
    expect(stored).toEqual(['AAAA1', 'BBBB2', 'CCCC3']);
  });

  it('a 4 typed just before a scan (held 50 ms, the scan 40 ms later) stays typed: in the field, or given to onTyped, ahead of the scan (issue 46.8)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'performance'] });
    for (const focus of ['field', 'none'] as const) {
      const events: string[] = [];
      render(
        <Harness
          onScan={(c) => void events.push(`scan ${c}`)}
          options={{
            onTyped: (text) => {
              events.push(`typed ${text}`);
              return undefined;
            },
          }}
        />,
      );
      const input = screen.getByLabelText<HTMLInputElement>('qty');
      if (focus === 'field') input.focus();
      const t0 = performance.now();
      await act(async () => {
        keysAt([
          { ch: '4', down: t0, up: t0 + 50 },
          ...[...'8690010007292', 'Enter'].map((ch, i) => ({ ch, down: t0 + 90 + i * 8, up: t0 + 92 + i * 8 })),
        ]);
        await vi.advanceTimersByTimeAsync(1000);
      });
      expect(events, focus).toEqual(focus === 'field' ? ['scan 8690010007292'] : ['typed 4', 'scan 8690010007292']);
      expect(input.value, focus).toBe(focus === 'field' ? '4' : '');
      cleanup();
    }
  });

  it('keys that reach the page late (a busy computer) are judged by their own time stamps: the timer that ran in between does not cut the scan (issue 46.8)', async () => {
    // The scanner's timer runs on the page's clock (performance.now), moved here by hand.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'performance'] });
    for (const focus of ['field', 'none'] as const) {
      const scans: string[] = [];
      let quantity = '';
      const onTyped = (text: string) => {
        const before = quantity;
        quantity += text;
        return () => {
          quantity = before;
        };
      };
      render(<Harness onScan={(c) => void scans.push(c)} options={{ onTyped }} />);
      const input = screen.getByLabelText<HTMLInputElement>('qty');
      if (focus === 'field') input.focus();
      const t0 = performance.now();
      const scan = [...'8690010003157', 'Enter'].map((ch, i) => ({ ch, down: t0 + i * 5, up: t0 + i * 5 + 1 }));
      await act(async () => {
        keysAt(scan.slice(0, 2));
        // The rest of the burst is on its way; the page's timer runs meanwhile and ends the run.
        await vi.advanceTimersByTimeAsync(600);
      });
      expect(focus === 'field' ? input.value : quantity).toBe('86');
      await act(async () => {
        keysAt(scan.slice(2));
        await vi.advanceTimersByTimeAsync(1000);
      });
      expect(scans, focus).toEqual(['8690010003157']);
      expect(input.value, focus).toBe('');
      expect(quantity, focus).toBe('');
      cleanup();
    }
  });
});
