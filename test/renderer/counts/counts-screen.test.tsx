import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CountLine, CountSession } from '../../../src/shared/domain/counts';
import { defaultSettings } from '../../../src/shared/domain/settings';
import { setBridgeForTests } from '../../../src/renderer/bridge/api';
import { i18n, setLanguage } from '../../../src/renderer/i18n';
import { CountsScreen } from '../../../src/renderer/screens/Counts/CountsScreen';
import { useApp } from '../../../src/renderer/store/app';
import { useCounts } from '../../../src/renderer/store/counts';
import { fakeBridge } from '../fake-bridge';
import { Instant } from '../../../src/shared/domain/time';

const session = (over: Partial<CountSession> = {}): CountSession => ({
  id: 1,
  storageCode: 'A-01',
  state: 'open',
  userName: 'demo',
  station: 'KASA-1',
  totalUnits: 0,
  lineCount: 0,
  createdAt: Instant.parse('2026-11-22T10:00:00Z'),
  updatedAt: Instant.parse('2026-11-22T10:00:00Z'),
  pushedAt: null,
  endedAt: null,
  ...over,
});
const line = (sku: string, quantity: number, over: Partial<CountLine> = {}): CountLine => ({
  sku,
  quantity,
  name: `Ürün ${sku}`,
  barcode: null,
  unknown: false,
  updatedAt: Instant.parse('2026-11-22T10:00:00Z'),
  firstEvent: 1,
  lastEvent: quantity,
  ...over,
});

/** `counts.scan` answering like the core for a known product's barcode: counted with the typed quantity. */
const countedAs =
  (sku: string, eventId: number) =>
  ({ code, quantity }: { code: string; quantity: number }) => ({
    outcome: 'counted',
    eventId,
    code,
    line: line(sku, quantity),
    delta: quantity,
    via: 'barcode',
    gtin: null,
    session: session({ totalUnits: quantity, lineCount: 1 }),
  });

function setup(handlers: Parameters<typeof fakeBridge>[0]) {
  const bridge = fakeBridge({
    'counts.history': () => [],
    'counts.open': () => ({ session: session(), lines: [], lastScan: null }),
    ...handlers,
  });
  setBridgeForTests(bridge.api);
  useApp.setState({
    settings: { ...defaultSettings, language: 'en' },
    profiles: [
      {
        id: 'p',
        name: 'P',
        omsUrl: 'http://x',
        pimUrl: 'http://x',
        companyId: 1,
        storageCodes: ['A-01', 'B-02'],
        timestampUnit: 'ms',
        pageSize: 100,
        userName: 'demo',
        remembered: false,
        training: false,
      },
    ],
    session: { signedIn: true, user: 'demo', profileId: 'p', profileName: 'P', expiresAt: null, training: false, offline: false },
  });
  render(
    <I18nextProvider i18n={i18n}>
      <CountsScreen />
    </I18nextProvider>,
  );
  return bridge;
}

/** A scanner's burst of keys, then Enter, at the window. */
const scanKeys = (code: string) => {
  for (const ch of code)
    window.dispatchEvent(
      new KeyboardEvent('keydown', {
        key: ch,
        code: ch === '-' ? 'Minus' : /\d/.test(ch) ? `Digit${ch}` : `Key${ch}`,
        shiftKey: /[A-Z]/.test(ch),
        bubbles: true,
      }),
    );
  window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', code: 'Enter', bubbles: true }));
};

const typeCode = async (code: string) => {
  const input = screen.getByTestId('manual-code');
  fireEvent.change(input, { target: { value: code } });
  await act(async () => {
    fireEvent.submit(input.closest('form')!);
  });
};

beforeEach(() => {
  setLanguage('en');
  useCounts.setState({ session: null, lines: {}, last: null, nextQuantity: null, error: null, review: null, pushItems: [], history: [] });
});
afterEach(() => {
  cleanup();
  setBridgeForTests(null);
  vi.useRealTimers();
});

describe('counts screen', () => {
  it('starts a count from the connection’s storage codes', async () => {
    const bridge = setup({});
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'B-02' })));
    expect(bridge.calls.find((c) => c.method === 'counts.open')?.input).toEqual({
      storageCode: 'B-02',
      holder: expect.any(String) as unknown,
    });
    expect(await screen.findByRole('heading', { name: 'Counting A-01' })).toBeTruthy();
  });

  it('shows the scan on the big card and in the lines, with the typed quantity', async () => {
    const bridge = setup({ 'counts.scan': countedAs('SKU-1', 5) });
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'A-01' })));
    fireEvent.change(screen.getByTestId('next-quantity'), { target: { value: '12' } });
    await typeCode('8690345727803');
    expect(bridge.calls.find((c) => c.method === 'counts.scan')?.input).toEqual({
      sessionId: 1,
      code: '8690345727803',
      quantity: 12,
      holder: expect.any(String) as string,
    });
    const card = screen.getByTestId('last-scan');
    expect(card.dataset.outcome).toBe('counted');
    expect(within(card).getByText('+12 → 12')).toBeTruthy();
    expect(within(screen.getByTestId('count-totals')).getByText('12 units')).toBeTruthy();
    // The typed quantity is used once.
    expect(screen.getByTestId<HTMLInputElement>('next-quantity').value).toBe('');
  });

  it('a scan refused as too long shows the reason and a shortened code that stays inside the card', async () => {
    setup({
      'counts.scan': () => ({
        ok: false,
        error: { code: 'invalid_input', message: 'at most 512 characters', params: { reason: 'scan_too_long' } },
      }),
    });
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'A-01' })));
    const long = `AB${'7'.repeat(596)}CD`;
    await typeCode(long);
    const card = screen.getByTestId('last-scan');
    expect(card.dataset.outcome).toBe('failed');
    expect(card.textContent).toContain('longer than any code');
    expect(card.textContent).not.toContain(long);
    expect(card.textContent).toMatch(/AB7+…7+CD/);
  });

  it('tells a misread apart from an unknown product and offers to assign the unknown one', async () => {
    let n = 0;
    setup({
      'counts.scan': (input) => {
        const code = (input as { code: string }).code;
        n += 1;
        return n === 1
          ? {
              outcome: 'misread',
              eventId: 1,
              code,
              line: null,
              delta: 0,
              via: null,
              gtin: { kind: 'EAN-13', expected: 3 },
              session: session(),
            }
          : {
              outcome: 'unknown',
              eventId: 2,
              code,
              line: line(code, 1, { unknown: true, name: null }),
              delta: 1,
              via: null,
              gtin: null,
              session: session({ totalUnits: 1, lineCount: 1 }),
            };
      },
      'counts.assign': () => ({ lines: [line('SKU-9', 1)], removed: ['8690000000012'], session: session({ totalUnits: 1, lineCount: 1 }) }),
    });
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'A-01' })));
    await typeCode('8690345727804');
    expect(screen.getByText('Misread — scan again')).toBeTruthy();
    expect(screen.getByText(/expected 3/)).toBeTruthy();
    await typeCode('8690000000012');
    expect(screen.getByTestId('last-scan').dataset.outcome).toBe('unknown');
    fireEvent.click(screen.getByRole('button', { name: 'Assign to SKU…' }));
    fireEvent.change(screen.getByLabelText('SKU this code belongs to'), { target: { value: 'SKU-9' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    expect(screen.getByTestId('last-scan').dataset.outcome).toBe('counted');
    expect(screen.queryByText('8690000000012', { selector: '.count-line-sku' })).toBeNull();
  });

  it('does not send a risky count until the worker ticks the confirmation', async () => {
    const bridge = setup({
      'counts.open': () => ({ session: session({ totalUnits: 0, lineCount: 1 }), lines: [line('SKU-1', 0)], lastScan: null }),
      'counts.review': () => ({
        session: session({ lineCount: 1 }),
        lines: [{ sku: 'SKU-1', name: 'Kalem', quantity: 0, previous: 30, unknown: false, risk: 'zero' }],
        missing: [],
        previousCountAt: '2026-11-01T10:00:00Z',
        needsConfirmation: true,
      }),
      'counts.push': () => ({ session: session({ state: 'pushed' }), outboxIds: [1], items: 1 }),
      'counts.pushStatus': () => [],
    });
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'A-01' })));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Review and send' })));
    expect(await screen.findByText('sets to 0')).toBeTruthy();
    const send = screen.getByRole<HTMLButtonElement>('button', { name: 'Send 1 quantity' });
    // aria-disabled, not disabled: it keeps the worker's focus, and a press does nothing.
    expect(send.getAttribute('aria-disabled')).toBe('true');
    await act(async () => fireEvent.click(send));
    expect(bridge.calls.some((c) => c.method === 'counts.push')).toBe(false);
    fireEvent.click(screen.getByLabelText('I checked the lines marked above; send them.'));
    expect(send.getAttribute('aria-disabled')).toBe('false');
    await act(async () => fireEvent.click(send));
    expect(bridge.calls.find((c) => c.method === 'counts.push')?.input).toEqual({
      sessionId: 1,
      zeroMissing: false,
      confirmed: true,
      holder: expect.any(String) as string,
    });
  });

  it('a scan right after picking a storage code counts in that count; it does not open another one', async () => {
    // The count opens only when the test says so: the scan arrives while it is still opening.
    let openNow!: () => void;
    const opening = new Promise<void>((r) => (openNow = r));
    const bridge = setup({
      'counts.open': async () => {
        await opening;
        return { session: session(), lines: [], lastScan: null };
      },
      'counts.scan': (input) => ({
        outcome: 'unknown',
        eventId: 1,
        code: (input as { code: string }).code,
        line: line('RAF-9', 1, { unknown: true }),
        delta: 1,
        via: null,
        gtin: null,
        session: session({ totalUnits: 1, lineCount: 1 }),
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'A-01' }));
    await act(async () => scanKeys('RAF-9'));
    expect(bridge.calls.some((c) => c.method === 'counts.scan')).toBe(false);
    openNow();
    await waitFor(() => expect(bridge.calls.some((c) => c.method === 'counts.scan')).toBe(true));
    expect(bridge.calls.filter((c) => c.method === 'counts.open').map((c) => c.input)).toEqual([
      { storageCode: 'A-01', holder: expect.any(String) as unknown },
    ]);
    expect(bridge.calls.find((c) => c.method === 'counts.scan')?.input).toMatchObject({ sessionId: 1, code: 'RAF-9' });
  });

  it('a scan that was not stored turns the card red with the reason; the earlier green card does not stay', async () => {
    let n = 0;
    setup({
      'counts.scan': (input) => {
        n += 1;
        if (n > 1) return { ok: false, error: { code: 'not_found', message: 'no count 3' } };
        return countedAs('SKU-1', 1)(input);
      },
    });
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'A-01' })));
    await typeCode('8690345727803');
    expect(screen.getByTestId('last-scan').dataset.outcome).toBe('counted');
    await typeCode('8690345727803');
    const card = screen.getByTestId('last-scan');
    expect(card.dataset.outcome).toBe('failed');
    expect(card.className).toContain('last-scan-bad');
    expect(within(card).getByText('Not counted')).toBeTruthy();
    expect(within(card).getByText(/8690345727803 was not stored/)).toBeTruthy();
  });

  it('signing out and in to another connection resets the screen and shows that workspace’s open count', async () => {
    let workspace = 'p';
    const bridge = setup({
      'counts.history': () =>
        workspace === 'q'
          ? [
              session({ id: 7, storageCode: 'C-03', updatedAt: Instant.parse('2026-11-22T11:00:00Z') }),
              session({ id: 6, storageCode: 'C-01', state: 'pushed' }),
            ]
          : [],
      'counts.open': (input) =>
        (input as { storageCode: string }).storageCode === 'C-03'
          ? { session: session({ id: 7, storageCode: 'C-03', totalUnits: 4, lineCount: 1 }), lines: [line('SKU-4', 4)], lastScan: null }
          : { session: session(), lines: [], lastScan: null },
      'counts.scan': countedAs('SKU-1', 1),
    });
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'A-01' })));
    await typeCode('8690345727803');
    expect(screen.getByTestId('last-scan').dataset.outcome).toBe('counted');
    await act(async () =>
      useApp.setState({
        session: { signedIn: false, user: null, profileId: null, profileName: null, expiresAt: null, training: false, offline: false },
      }),
    );
    expect(useCounts.getState()).toMatchObject({ session: null, lines: {}, last: null });
    workspace = 'q';
    await act(async () => {
      useApp.setState({
        session: { signedIn: true, user: 'demo', profileId: 'q', profileName: 'Q', expiresAt: null, training: false, offline: false },
      });
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(await screen.findByRole('heading', { name: 'Counting C-03' })).toBeTruthy();
    expect(screen.getByTestId('last-scan').dataset.outcome).toBeUndefined();
    expect(within(screen.getByTestId('count-totals')).getByText('4 units')).toBeTruthy();
    expect(bridge.calls.filter((c) => c.method === 'counts.open').map((c) => c.input)).toEqual([
      { storageCode: 'A-01', holder: expect.any(String) as unknown },
      { storageCode: 'C-03', holder: expect.any(String) as unknown },
    ]);
  });

  it('digits typed outside a field set the quantity for the next scan (×12 on the card); Escape clears it', async () => {
    const bridge = setup({ 'counts.scan': countedAs('SKU-1', 1) });
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'A-01' })));
    (document.activeElement as HTMLElement).blur();
    /** Real keydowns with the times a person or a scanner gives them. */
    const key = (k: string, time: number) => {
      const ev = new KeyboardEvent('keydown', { key: k, code: /\d/.test(k) ? `Digit${k}` : k, bubbles: true, cancelable: true });
      Object.defineProperty(ev, 'timeStamp', { value: time });
      document.body.dispatchEvent(ev);
    };
    await act(async () => {
      key('1', 1000);
      key('2', 1180);
      key('9', 1400);
      key('Escape', 1600);
    });
    expect(useCounts.getState().nextQuantity).toBeNull();
    await act(async () => {
      key('1', 2000);
      key('2', 2180);
    });
    await act(async () => {
      // The scan starts 400 ms later: the 2 has ended as typing by then.
      [...'8690345727803'].forEach((ch, i) => key(ch, 2600 + i * 5));
      key('Enter', 2600 + 13 * 5);
      await new Promise((r) => setTimeout(r, 0));
    });
    expect(screen.queryByTestId('next-times')).toBeNull();
    expect(bridge.calls.find((c) => c.method === 'counts.scan')?.input).toEqual({
      sessionId: 1,
      code: '8690345727803',
      quantity: 12,
      holder: expect.any(String) as string,
    });
    expect(within(screen.getByTestId('last-scan')).getByText('+12 → 12')).toBeTruthy();
  });

  it('shows the typed quantity on the card and in the field before the scan', async () => {
    // The scanner's own timer ends a run of keys: a fake clock moves it (performance.now included).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'performance'] });
    setup({});
    await act(() => vi.advanceTimersByTimeAsync(0));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'A-01' })));
    await act(() => vi.advanceTimersByTimeAsync(0));
    (document.activeElement as HTMLElement).blur();
    const t0 = performance.now();
    await act(async () => {
      for (const [k, time] of [
        ['1', 0],
        ['2', 200],
        ['Shift', 300],
      ] as const) {
        const ev = new KeyboardEvent('keydown', { key: k, code: k === 'Shift' ? 'ShiftLeft' : `Digit${k}`, bubbles: true });
        Object.defineProperty(ev, 'timeStamp', { value: t0 - 400 + time });
        document.body.dispatchEvent(ev);
      }
    });
    // The 2 is still an open run until a later key or the timer ends it.
    expect(screen.getByTestId('next-times').textContent).toBe('Next scan ×1');
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(screen.getByTestId('next-times').textContent).toBe('Next scan ×12');
    expect(screen.getByTestId<HTMLInputElement>('next-quantity').value).toBe('12');
  });
});

/** A-01 open on fake timers (and the key's time stamps), with the quantity field or nothing focused. */
async function countingA01(focus: 'the quantity field' | 'nothing') {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'performance'] });
  const bridge = setup({ 'counts.scan': countedAs('SKU-1', 1) });
  await act(() => vi.advanceTimersByTimeAsync(0));
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'A-01' })));
  await act(() => vi.advanceTimersByTimeAsync(0));
  const quantity = screen.getByTestId<HTMLInputElement>('next-quantity');
  if (focus === 'nothing') (document.activeElement as HTMLElement).blur();
  else expect(document.activeElement).toBe(quantity);
  return { bridge, quantity };
}

describe('a quantity typed just before a scan (issue 46.8)', () => {
  /** Keys as the keyboard delivered them (down and up time stamps), handled now, in time order; unless prevented a character lands in the focused field. */
  const keysAt = (keys: { ch: string; down: number; up: number }[]) => {
    const events = keys.flatMap((k) => [
      { k, time: k.down, type: 'keydown' },
      { k, time: k.up, type: 'keyup' },
    ]);
    for (const { k, time, type } of events.sort((a, b) => a.time - b.time)) {
      const target = document.activeElement ?? document.body;
      const ev = new KeyboardEvent(type, { key: k.ch, code: k.ch === 'Enter' ? 'Enter' : `Digit${k.ch}`, bubbles: true, cancelable: true });
      Object.defineProperty(ev, 'timeStamp', { value: time });
      if (target.dispatchEvent(ev) && type === 'keydown' && target instanceof HTMLInputElement && k.ch !== 'Enter')
        fireEvent.change(target, { target: { value: target.value + k.ch } });
    }
  };

  for (const focus of ['the quantity field', 'nothing'] as const) {
    it(`with ${focus} focused, 4 typed 90 ms before the scan's first key counts 4 of the scanned product`, async () => {
      const { bridge, quantity } = await countingA01(focus);
      const t0 = performance.now();
      await act(async () => {
        // A person's 4 (held 50 ms), then the scanner's keys (held 2 ms, 8 ms apart) 40 ms later.
        keysAt([
          { ch: '4', down: t0, up: t0 + 50 },
          ...[...'8690010007292', 'Enter'].map((ch, i) => ({ ch, down: t0 + 90 + i * 8, up: t0 + 92 + i * 8 })),
        ]);
        await vi.advanceTimersByTimeAsync(100);
      });
      expect(bridge.calls.filter((c) => c.method === 'counts.scan').map((c) => c.input)).toEqual([
        { sessionId: 1, code: '8690010007292', quantity: 4, holder: expect.any(String) as string },
      ]);
      expect(within(screen.getByTestId('last-scan')).getByText('+4 → 4')).toBeTruthy();
      expect(quantity.value).toBe('');
    });
  }
});

describe('keys that reach the page late (issue 46.8)', () => {
  /**
   * A key delivered by the keyboard at `time` (its time stamp), handled now; unless prevented the
   * character lands in the focused field, as a browser types it.
   */
  const keyAt = (ch: string, time: number) => {
    const target = document.activeElement ?? document.body;
    const ev = new KeyboardEvent('keydown', { key: ch, code: ch === 'Enter' ? 'Enter' : `Digit${ch}`, bubbles: true, cancelable: true });
    Object.defineProperty(ev, 'timeStamp', { value: time });
    if (target.dispatchEvent(ev) && target instanceof HTMLInputElement && ch !== 'Enter')
      fireEvent.change(target, { target: { value: target.value + ch } });
  };

  for (const focus of ['the quantity field', 'nothing'] as const) {
    it(`with ${focus} focused, a scan the timer ran into is counted whole with the typed quantity, not 86 × the rest`, async () => {
      const { bridge, quantity } = await countingA01(focus);
      const t0 = performance.now();
      await act(async () => {
        // 17 typed by a person, then the scan: its first keys come in time, the rest only after the
        // page's timer ran (a busy computer), with the time stamps the keyboard gave them.
        keyAt('1', t0);
        keyAt('7', t0 + 200);
        await vi.advanceTimersByTimeAsync(1000);
        keyAt('8', t0 + 1000);
        keyAt('6', t0 + 1005);
        await vi.advanceTimersByTimeAsync(600);
      });
      // What the timer's release did (typed 86 after the 17), taken back when the rest arrives.
      expect(quantity.value).toBe('1786');
      await act(async () => {
        [...'90010003157'].forEach((ch, i) => keyAt(ch, t0 + 1010 + i * 5));
        keyAt('Enter', t0 + 1065);
        await vi.advanceTimersByTimeAsync(100);
      });
      expect(bridge.calls.filter((c) => c.method === 'counts.scan').map((c) => c.input)).toEqual([
        { sessionId: 1, code: '8690010003157', quantity: 17, holder: expect.any(String) as string },
      ]);
      expect(quantity.value).toBe('');
    });
  }
});

describe('command barcodes while Review is open', () => {
  const inReview = async () => {
    const bridge = setup({
      'counts.open': () => ({ session: session({ totalUnits: 3, lineCount: 1 }), lines: [line('SKU-1', 3)], lastScan: null }),
      'counts.review': () => ({
        session: session({ totalUnits: 3, lineCount: 1 }),
        lines: [{ sku: 'SKU-1', name: 'Kalem', quantity: 3, previous: 3, unknown: false, risk: null }],
        missing: [],
        previousCountAt: null,
        needsConfirmation: false,
      }),
      'counts.undo': () => ({ lines: [], removed: ['SKU-1'], session: session() }),
    });
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'A-01' })));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Review and send' })));
    await screen.findByText('Kalem');
    return bridge;
  };
  const scanInReview = (code: string) =>
    act(async () => {
      scanKeys(code);
      await new Promise((r) => setTimeout(r, 50));
    });

  it('the UNDO command sheet barcode scanned in Review does not change the count behind it', async () => {
    const bridge = await inReview();
    await scanInReview('WDCMDUNDO');
    // Refused, as any scan in Review: the count behind Review does not change.
    expect(bridge.calls.some((c) => c.method === 'counts.undo')).toBe(false);
  });

  it('the DONE command in Review is not taken either: the count stays open (the next count opened in Review, every scan refused)', async () => {
    const bridge = await inReview();
    await scanInReview('WDCMDDONE');
    expect(useCounts.getState().session?.state).toBe('open');
    expect(bridge.calls.some((c) => c.method === 'counts.release')).toBe(false);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Back to counting' })));
    expect(screen.queryByTestId('manual-code')).not.toBeNull();
  });
});
