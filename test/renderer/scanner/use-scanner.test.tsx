import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultSettings } from '../../../src/shared/domain/settings';
import { useScanner } from '../../../src/renderer/scanner/useScanner';
import { useApp } from '../../../src/renderer/store/app';

function Harness({ onScan }: { onScan: (code: string) => Promise<void> | void }) {
  const [qty, setQty] = useState('');
  useScanner(onScan);
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

beforeEach(() => useApp.setState({ settings: { ...defaultSettings, language: 'en' } }));
afterEach(cleanup);

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
          input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Control', code: 'ControlLeft', ctrlKey: true, bubbles: true, cancelable: true }));
          input.dispatchEvent(new KeyboardEvent('keydown', { key: ']', code: 'BracketRight', ctrlKey: true, bubbles: true, cancelable: true }));
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
});
