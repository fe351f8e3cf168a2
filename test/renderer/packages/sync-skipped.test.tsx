import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setBridgeForTests } from '../../../src/renderer/bridge/api';
import { i18n, setLanguage } from '../../../src/renderer/i18n';
import { SyncBar } from '../../../src/renderer/screens/Packages/SyncBar';
import { usePackages } from '../../../src/renderer/store/packages';
import type { SyncProgress, SyncStatus } from '../../../src/shared/domain/packages';
import { fakeBridge } from '../fake-bridge';
import { Instant } from '../../../src/shared/domain/time';

/**
 * Records of the service that a sync could not read are skipped, the rest of their page stored
 * (src/main/core/packages/sync.ts): the sync bar says how many, in the worker's language, and
 * which they were (where, order number or package id, why).
 */
const done: SyncProgress = {
  state: 'done',
  kind: 'order',
  page: 3,
  totalPages: 3,
  fetched: 58,
  total: 60,
  startedAt: Instant.parse('2026-11-30T08:00:00.000Z'),
  finishedAt: Instant.parse('2026-11-30T08:01:00.000Z'),
  error: null,
};
const skipped = {
  count: 2,
  records: [
    { kind: 'order' as const, page: 1, record: 4, id: null, orderNumber: 'ON-BAD', reason: 'no_id' as const, field: null },
    { kind: 'order' as const, page: 2, record: 0, id: 41, orderNumber: 'ON-41', reason: 'wrong_field' as const, field: 'lines.0.quantity' },
  ],
};

let stop = () => undefined as void;
beforeEach(() => setLanguage('en'));
afterEach(() => {
  stop();
  cleanup();
  setBridgeForTests(null);
  usePackages.setState({ sync: null });
  setLanguage('en');
});

function setup(status: SyncStatus) {
  const bridge = fakeBridge({
    'packages.syncStatus': () => status,
    'packages.search': () => ({ total: 0, items: [], mode: 'all' }),
    'packages.statuses': () => [],
  });
  setBridgeForTests(bridge.api);
  stop = usePackages.getState().init();
  render(
    <I18nextProvider i18n={i18n}>
      <SyncBar />
    </I18nextProvider>,
  );
  return bridge;
}

describe('the sync bar and the records a sync skipped', () => {
  it('says how many packages could not be read, and which, in English and in Turkish', async () => {
    setup({ progress: { ...done, skipped }, lastSuccessAt: done.finishedAt, cached: { orders: 58, returns: 0 } });
    const note = await screen.findByText('2 packages could not be read and were skipped; the next sync will try them again.');
    fireEvent.click(note);
    const which = screen.getByRole('list', { name: 'Which' });
    expect([...which.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Order, page 2, record 5, order number ON-BAD: no usable package id',
      'Order, page 3, record 1, order number ON-41, package id 41: a field has a value of the wrong type (lines.0.quantity)',
    ]);
    // The sync still counts as done: its time is the last sync's.
    expect(screen.getByTestId('last-sync').textContent).toContain('Last sync:');
    expect(screen.queryByText('The last sync failed.')).toBeNull();
    act(() => setLanguage('tr'));
    expect(screen.getByTestId('sync-skipped').textContent).toContain(
      '2 paket okunamadı ve atlandı; bir sonraki eşitlemede yeniden denenecek.',
    );
    expect(screen.getByRole('list', { name: 'Hangileri' }).textContent).toContain(
      'Sipariş, sayfa 3, kayıt 1, sipariş numarası ON-41, paket numarası 41: bir alanın değeri yanlış türde (lines.0.quantity)',
    );
  });

  it('shows it while the sync runs, and no more once a sync read every record', async () => {
    const bridge = setup({ progress: { ...done }, lastSuccessAt: done.finishedAt, cached: { orders: 58, returns: 0 } });
    await screen.findByTestId('last-sync');
    expect(screen.queryByTestId('sync-skipped')).toBeNull();
    act(() =>
      bridge.emit('packages.sync', { ...done, state: 'running', finishedAt: null, skipped: { count: 1, records: [skipped.records[0]!] } }),
    );
    expect(screen.getByTestId('sync-skipped').textContent).toContain(
      '1 package could not be read and was skipped; the next sync will try it again.',
    );
    act(() => bridge.emit('packages.sync', { ...done, state: 'running', finishedAt: null }));
    expect(screen.queryByTestId('sync-skipped')).toBeNull();
  });
});
