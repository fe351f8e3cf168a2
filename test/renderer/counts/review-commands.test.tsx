import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CountLine, CountSession } from '../../../src/shared/domain/counts';
import { defaultSettings } from '../../../src/shared/domain/settings';
import { setBridgeForTests } from '../../../src/renderer/bridge/api';
import { i18n, setLanguage } from '../../../src/renderer/i18n';
import { CountsScreen } from '../../../src/renderer/screens/Counts/CountsScreen';
import { useApp } from '../../../src/renderer/store/app';
import { useCounts } from '../../../src/renderer/store/counts';
import { fakeBridge } from '../fake-bridge';

const session = (over: Partial<CountSession> = {}): CountSession => ({
  id: 1,
  storageCode: 'A-01',
  state: 'open',
  userName: 'demo',
  station: 'KASA-1',
  totalUnits: 3,
  lineCount: 1,
  createdAt: '2026-11-22T10:00:00Z',
  updatedAt: '2026-11-22T10:00:00Z',
  pushedAt: null,
  endedAt: null,
  ...over,
});
const line = (sku: string, quantity: number): CountLine => ({
  sku,
  quantity,
  name: `Ürün ${sku}`,
  barcode: null,
  unknown: false,
  updatedAt: '2026-11-22T10:00:00Z',
  firstEvent: 1,
  lastEvent: quantity,
});

function setup(handlers: Parameters<typeof fakeBridge>[0]) {
  const bridge = fakeBridge({
    'counts.history': () => [],
    'counts.open': () => ({ session: session(), lines: [line('SKU-1', 3)], lastScan: null }),
    'counts.review': () => ({
      session: session(),
      lines: [{ sku: 'SKU-1', name: 'Kalem', quantity: 3, previous: 3, unknown: false, risk: null }],
      missing: [],
      previousCountAt: null,
      needsConfirmation: false,
    }),
    'counts.undo': () => ({ lines: [], removed: ['SKU-1'], session: session({ totalUnits: 0, lineCount: 0 }) }),
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

async function scan(code: string) {
  await act(async () => {
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
    await new Promise((r) => setTimeout(r, 50));
  });
}

beforeEach(() => {
  setLanguage('en');
  useCounts.setState({ session: null, lines: {}, last: null, nextQuantity: null, error: null, review: null, pushItems: [], history: [] });
});
afterEach(() => {
  cleanup();
  setBridgeForTests(null);
});

describe('command barcodes while Review is open', () => {
  it('the UNDO command sheet barcode scanned in Review does not change the count behind it', async () => {
    const bridge = setup({});
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'A-01' })));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Review and send' })));
    await screen.findByText('Kalem');
    await scan('WDCMDUNDO');
    // Refused, as any scan in Review: the count behind Review does not change.
    expect(bridge.calls.some((c) => c.method === 'counts.undo')).toBe(false);
  });

  it('the DONE command in Review is not taken either: the count stays open (the next count opened in Review, every scan refused)', async () => {
    const bridge = setup({});
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'A-01' })));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Review and send' })));
    await screen.findByText('Kalem');
    await scan('WDCMDDONE');
    expect(useCounts.getState().session?.state).toBe('open');
    expect(bridge.calls.some((c) => c.method === 'counts.release')).toBe(false);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Back to counting' })));
    expect(screen.queryByTestId('manual-code')).not.toBeNull();
  });
});
