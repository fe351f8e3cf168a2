import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { NotificationSummary } from '../../../src/shared/domain/notifications';
import { setBridgeForTests } from '../../../src/renderer/bridge/api';
import { useFocusKeeper } from '../../../src/renderer/components/focus';
import { i18n, setLanguage } from '../../../src/renderer/i18n';
import { NotificationsScreen } from '../../../src/renderer/screens/Notifications/NotificationsScreen';
import { useNotifications } from '../../../src/renderer/store/notifications';
import { fakeBridge } from '../fake-bridge';
import { instantAt } from '../../../src/shared/domain/time';

/** Notifications newest first, ids `total` down to 1, as the core lists them. */
const notification = (id: number): NotificationSummary => ({
  id,
  receivedAt: instantAt(Date.UTC(2026, 10, 22, 10, 0, id)),
  hookName: 'PackageStatusChanged',
  packageId: `P-${id}`,
  packageType: 'order',
  statusId: 1,
  statusName: 'Created',
  reasonName: null,
  reasonDesc: null,
  matched: null,
});

function Screen() {
  useFocusKeeper();
  return <NotificationsScreen />;
}

/** The core's list: newest first, from `beforeId` on when given. */
const page = (all: NotificationSummary[], { offset, limit, beforeId }: { offset: number; limit: number; beforeId?: number }) => ({
  total: all.length,
  items: all.filter((n) => beforeId === undefined || n.id < beforeId).slice(offset, offset + limit),
});

function setup(all: () => NotificationSummary[], gate?: () => Promise<void>) {
  const bridge = fakeBridge({
    'notifications.list': async (input) => {
      if (input.beforeId !== undefined) await gate?.();
      return page(all(), input);
    },
  });
  setBridgeForTests(bridge.api);
  render(
    <I18nextProvider i18n={i18n}>
      <Screen />
    </I18nextProvider>,
  );
  return bridge;
}

const list = (n: number) => Array.from({ length: n }, (_, i) => notification(n - i));
const rows = () => screen.getByTestId('notification-list').querySelectorAll('tbody tr');
const shownIds = () => [...rows()].map((r) => Number(r.textContent.match(/P-(\d+)/)![1]));
/** Ids `from` down to `to`, as the rows should show them. */
const idsDown = (from: number, to: number) => Array.from({ length: from - to + 1 }, (_, i) => from - i);

describe('Notifications: Show more', () => {
  beforeEach(() => {
    setLanguage('en');
    useNotifications.setState({ filter: 'all', items: [], pages: 1, total: 0, error: null });
  });
  afterEach(cleanup);

  it('while more is left, keeps the focus on Show more for the next press', async () => {
    const all = list(250);
    setup(() => all);
    await waitFor(() => expect(rows()).toHaveLength(100));
    const more = screen.getByRole('button', { name: 'Show more' });
    more.focus();
    await act(async () => fireEvent.click(more));
    await waitFor(() => expect(rows()).toHaveLength(200));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Show more' }));
  });

  it('when the last page comes and Show more goes away, the focus goes to the first row it loaded', async () => {
    const all = list(130);
    setup(() => all);
    await waitFor(() => expect(rows()).toHaveLength(100));
    const more = screen.getByRole('button', { name: 'Show more' });
    more.focus();
    await act(async () => fireEvent.click(more));
    await waitFor(() => expect(rows()).toHaveLength(130));
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(rows()[100]));
    expect(rows()[100]!.textContent).toContain('P-30');
  });

  it('a notification arriving while a page loads shows no row twice', async () => {
    let all = list(150);
    const bridge = setup(() => all);
    await waitFor(() => expect(rows()).toHaveLength(100));
    // One more arrives at the core (listed first) and is pushed to the screen before the next page is read.
    all = [notification(151), ...all];
    act(() => bridge.emit('notifications.received', notification(151)));
    // One page is held: the new row takes the oldest one's place.
    await waitFor(() => expect(shownIds()).toEqual(idsDown(151, 52)));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Show more' })));
    await waitFor(() => expect(rows()).toHaveLength(151));
    expect(shownIds()).toEqual(idsDown(151, 1));
  });

  it('two presses of Show more in a row load the page once', async () => {
    const all = list(250);
    setup(() => all);
    await waitFor(() => expect(rows()).toHaveLength(100));
    const more = screen.getByRole('button', { name: 'Show more' });
    await act(async () => {
      fireEvent.click(more);
      fireEvent.click(more);
    });
    await waitFor(() => expect(rows()).toHaveLength(200));
    const ids = [...rows()].map((r) => r.textContent.match(/P-\d+/)![0]);
    expect(new Set(ids).size).toBe(200);
  });

  it('under 1,000 live notifications holds and draws one page, newest first; Show more then pages on with no gap and no repeat', async () => {
    let all = list(150);
    const bridge = setup(() => all);
    await waitFor(() => expect(rows()).toHaveLength(100));
    const arrive = (from: number, to: number) =>
      act(() => {
        for (let id = from; id <= to; id++) {
          all = [notification(id), ...all];
          bridge.emit('notifications.received', notification(id));
        }
      });
    arrive(151, 1150);
    expect(useNotifications.getState().items).toHaveLength(100);
    expect(rows()).toHaveLength(100);
    expect(shownIds()).toEqual(idsDown(1150, 1051));
    expect(screen.getByTestId('notification-count').textContent).toBe('1150 notifications');

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Show more' })));
    await waitFor(() => expect(rows()).toHaveLength(200));
    expect(shownIds()).toEqual(idsDown(1150, 951));
    // Two pages loaded: two pages held while more arrive.
    arrive(1151, 1200);
    expect(rows()).toHaveLength(200);
    expect(shownIds()).toEqual(idsDown(1200, 1001));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Show more' })));
    await waitFor(() => expect(rows()).toHaveLength(300));
    expect(shownIds()).toEqual(idsDown(1200, 901));
    expect(screen.getByTestId('notification-count').textContent).toBe('1200 notifications');
  });

  it('more than a page arriving while Show more waits for its page leaves no gap', async () => {
    let all = list(300);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let first = true;
    const bridge = setup(
      () => all,
      () => {
        if (!first) return Promise.resolve();
        first = false;
        return held;
      },
    );
    await waitFor(() => expect(rows()).toHaveLength(100));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Show more' })));
    act(() => {
      for (let id = 301; id <= 550; id++) {
        all = [notification(id), ...all];
        bridge.emit('notifications.received', notification(id));
      }
    });
    await act(async () => release());
    await waitFor(() => expect(rows()).toHaveLength(200));
    expect(shownIds()).toEqual(idsDown(550, 351));
  });
});
