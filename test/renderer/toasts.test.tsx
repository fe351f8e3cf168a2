import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toasts } from '../../src/renderer/components/Toasts';
import { i18n, setLanguage } from '../../src/renderer/i18n';
import { MAX_TOASTS, useUi } from '../../src/renderer/store/ui';

const doNotShip = { key: 'notifications:toast.cancelledOrder' as const, params: { id: 7, order: 'S-1001', reason: '' } };
const shown = () => screen.queryAllByText(/S-1001/);

function setup() {
  render(
    <I18nextProvider i18n={i18n}>
      <Toasts />
    </I18nextProvider>,
  );
}

describe('toasts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    setLanguage('en');
    useUi.setState({ toasts: [] });
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('a "do not ship" alert stays while the worker goes on and other messages come and go', () => {
    setup();
    act(() => useUi.getState().toast('error', doNotShip, 0, { label: { key: 'notifications:toast.open' }, run: () => undefined }));
    for (let i = 0; i < MAX_TOASTS + 2; i++) act(() => useUi.getState().toast('info', { key: 'counts:nothingToUndo' }));
    expect(shown()).toHaveLength(1);
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(shown()).toHaveLength(1);
  });

  it('a "do not ship" alert without a package to open (not on this computer) stays until it is closed', () => {
    setup();
    act(() => useUi.getState().toast('error', doNotShip, 0));
    act(() => {
      vi.advanceTimersByTime(10 * 60_000);
    });
    expect(shown()).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(shown()).toHaveLength(0);
  });

  it('more alerts than the strip shows wait their turn, and the strip says how many', () => {
    setup();
    for (let i = 1; i <= MAX_TOASTS + 2; i++) {
      act(() => useUi.getState().toast('error', { ...doNotShip, params: { ...doNotShip.params, order: `S-100${i}` } }, 0));
    }
    expect(screen.getAllByRole('alert')).toHaveLength(MAX_TOASTS);
    expect(screen.getByTestId('toasts-waiting').textContent).toContain('2');
    // Closing one shows the next that waited.
    fireEvent.click(screen.getAllByRole('button', { name: 'Close' })[0]!);
    expect(screen.getAllByRole('alert')).toHaveLength(MAX_TOASTS);
    expect(screen.getByTestId('toasts-waiting').textContent).toContain('1');
    for (let i = 1; i <= MAX_TOASTS + 2; i++)
      expect(useUi.getState().toasts.some((t) => JSON.stringify(t.message).includes(`S-100${i}`))).toBe(i !== 1);
  });

  it('messages that leave by themselves still make room: the oldest goes first', () => {
    setup();
    for (let i = 1; i <= MAX_TOASTS + 1; i++) act(() => useUi.getState().toast('info', `message ${i}`));
    expect(screen.queryByText('message 1')).toBeNull();
    expect(screen.getByText(`message ${MAX_TOASTS + 1}`)).toBeTruthy();
    expect(screen.queryByTestId('toasts-waiting')).toBeNull();
  });
});
