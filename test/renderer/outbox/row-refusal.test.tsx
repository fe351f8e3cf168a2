import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OutboxItem } from '../../../src/shared/domain/outbox';
import { setBridgeForTests } from '../../../src/renderer/bridge/api';
import { useApp } from '../../../src/renderer/store/app';
import { useUi } from '../../../src/renderer/store/ui';
import { renderApp, signedInState } from '../render-app';
import { Instant } from '../../../src/shared/domain/time';

const refused: OutboxItem = {
  id: 7,
  kind: 'inventory',
  groupKey: 'inventory:B-02',
  state: 'failed',
  attempts: 1,
  nextAttemptAt: Instant.parse('2026-12-01T10:00:00.000Z'),
  lastError: {
    code: 'service_error',
    message: 'the service refused the write (HTTP 422)',
    params: { status: 422, said: 'Sku ABC-9 is not defined for storage code B-02' },
  },
  responseStatus: 422,
  responseBody: '{"message":"Sku ABC-9 is not defined for storage code B-02"}',
  summary: { storageCode: 'B-02', lines: 1, units: 3 },
  ref: null,
  createdAt: Instant.parse('2026-12-01T09:00:00.000Z'),
  sentAt: null,
  blockedBy: null,
  reason: null,
  movedFrom: null,
};
const sent: OutboxItem = {
  ...refused,
  id: 8,
  groupKey: 'inventory:B-03',
  state: 'sent',
  sentAt: Instant.parse('2026-12-01T09:01:00.000Z'),
  lastError: refused.lastError,
};

beforeEach(() => useUi.setState({ toasts: [], screen: 'outbox' }));
afterEach(() => {
  cleanup();
  setBridgeForTests(null);
});

describe('Outbox list (issue 46, item 9)', () => {
  it("says in the row what the service said of a refused write, without opening it; a sent write's row says nothing of an old refusal", async () => {
    renderApp(signedInState, { 'outbox.list': () => [refused, sent] });
    await waitFor(() => expect(useApp.getState().session.signedIn).toBe(true));
    act(() => useUi.setState({ screen: 'outbox' }));
    const rows = await screen.findAllByTestId('outbox-row');
    expect(rows).toHaveLength(2);
    const said = rows[0]!.querySelector('[data-testid="outbox-row-error"]');
    expect(said?.textContent).toContain('Sku ABC-9 is not defined for storage code B-02');
    expect(rows[1]!.querySelector('[data-testid="outbox-row-error"]')).toBeNull();
  });
});
