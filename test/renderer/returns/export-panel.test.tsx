import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setBridgeForTests } from '../../../src/renderer/bridge/api';
import { i18n, setLanguage } from '../../../src/renderer/i18n';
import { ExportPanel } from '../../../src/renderer/screens/Returns/ExportPanel';
import { dayRange, dayStartMs, LocalDay, systemTimeZone } from '../../../src/shared/domain/time';
import { fakeBridge } from '../fake-bridge';

const MINUTE = 60_000;
/** A wall-clock time of this computer's zone (the zone the panel works its days in). */
const at = (day: string, minutes: number) => dayStartMs(LocalDay.parse(day), systemTimeZone()) + minutes * MINUTE;

function setup() {
  const asked: { from: string; to: string; timeZone: string }[] = [];
  const bridge = fakeBridge({
    'returns.export': (input) => {
      asked.push(input);
      return { filename: 'inspections.csv', csv: '', rows: 0 };
    },
  });
  setBridgeForTests(bridge.api);
  render(
    <I18nextProvider i18n={i18n}>
      <ExportPanel />
    </I18nextProvider>,
  );
  return asked;
}

const range = (from: string, to: string) => {
  const r = dayRange(LocalDay.parse(from), LocalDay.parse(to), systemTimeZone());
  return { from: r.from, to: r.to, timeZone: systemTimeZone() };
};
const exportNow = async () => {
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Download CSV' })));
  await waitFor(() => expect(screen.getByText('No inspections in this date range.')).toBeTruthy());
};

describe('Returns: Export inspections over midnight', () => {
  beforeEach(() => {
    setLanguage('en');
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('a range the worker did not type follows the day: opened at 23:50, exported at 00:20, it ends with the new day', async () => {
    vi.setSystemTime(at('2026-11-29', 23 * 60 + 50));
    const asked = setup();
    expect(screen.getByLabelText('To')).toHaveProperty('value', '29/11/2026');
    vi.setSystemTime(at('2026-11-30', 20));
    await exportNow();
    expect(asked).toEqual([range('2026-10-31', '2026-11-30')]);
    // And the fields say so.
    expect(screen.getByLabelText('From')).toHaveProperty('value', '31/10/2026');
    expect(screen.getByLabelText('To')).toHaveProperty('value', '30/11/2026');
  });

  it('left open and untouched over midnight, the fields show the new day on their own', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    vi.setSystemTime(at('2026-11-29', 23 * 60 + 50));
    setup();
    expect(screen.getByLabelText('From')).toHaveProperty('value', '30/10/2026');
    expect(screen.getByLabelText('To')).toHaveProperty('value', '29/11/2026');
    await act(async () => vi.advanceTimersByTime(9 * MINUTE));
    expect(screen.getByLabelText('To')).toHaveProperty('value', '29/11/2026');
    await act(async () => vi.advanceTimersByTime(2 * MINUTE));
    expect(screen.getByLabelText('From')).toHaveProperty('value', '31/10/2026');
    expect(screen.getByLabelText('To')).toHaveProperty('value', '30/11/2026');
  });

  it('back at a PC that slept past midnight (its timers stopped), the fields show the new day when the window has the focus again', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    vi.setSystemTime(at('2026-11-29', 22 * 60));
    setup();
    await act(async () => vi.advanceTimersByTime(1));
    // The clock moves on while no timer runs.
    vi.setSystemTime(at('2026-11-30', 7 * 60));
    expect(screen.getByLabelText('To')).toHaveProperty('value', '29/11/2026');
    await act(async () => window.dispatchEvent(new Event('focus')));
    expect(screen.getByLabelText('To')).toHaveProperty('value', '30/11/2026');
  });

  it('dates the worker typed are kept over midnight; the other one still follows the day', async () => {
    vi.setSystemTime(at('2026-11-29', 23 * 60 + 50));
    const asked = setup();
    const to = screen.getByLabelText('To');
    fireEvent.change(to, { target: { value: '28/11/2026' } });
    fireEvent.blur(to);
    vi.setSystemTime(at('2026-11-30', 20));
    await exportNow();
    expect(asked).toEqual([range('2026-10-31', '2026-11-28')]);
    expect(screen.getByLabelText('To')).toHaveProperty('value', '28/11/2026');
  });
});
