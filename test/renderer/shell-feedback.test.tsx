import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedOut } from '../../src/shared/domain/session';
import { setBridgeForTests } from '../../src/renderer/bridge/api';
import { parseDateInput } from '../../src/renderer/components/DateInput';
import { i18n, setLanguage } from '../../src/renderer/i18n';
import { describeError } from '../../src/renderer/i18n/errors';
import { useApp } from '../../src/renderer/store/app';
import { useUi } from '../../src/renderer/store/ui';
import { renderApp, signedInState } from './render-app';

const setup = (session = signedOut) => renderApp(session, { 'outbox.list': () => [], 'counts.history': () => [] });

beforeEach(() => {
  useApp.setState({ ready: false, session: signedOut, sessionEndedBy: null, status: { online: true, pendingWrites: 0, failedWrites: 0 } });
  useUi.setState({ toasts: [], screen: 'counts' });
});
afterEach(() => {
  cleanup();
  setBridgeForTests(null);
  vi.useRealTimers();
});

describe('status bar', () => {
  it('shows no online or sent badges before anyone is signed in', async () => {
    setup();
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(screen.queryByTestId('online-indicator')).toBeNull();
    expect(screen.queryByTestId('pending-indicator')).toBeNull();
  });

  it('never says "All sent" next to a failed write, and the failed badge opens the outbox', async () => {
    const bridge = setup(signedInState);
    expect(await screen.findByTestId('pending-indicator')).toHaveProperty('textContent', 'All sent');
    act(() => bridge.emit('app.status', { online: true, pendingWrites: 0, failedWrites: 1 }));
    expect(screen.getByTestId('failed-indicator').textContent).toBe('1 write failed');
    expect(screen.queryByText('All sent')).toBeNull();
    fireEvent.click(screen.getByTestId('failed-indicator'));
    expect(await screen.findByRole('heading', { name: 'Outbox' })).toBeTruthy();
  });
});

describe('toasts', () => {
  it('stack at most three, leave by themselves, and follow the language', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    setup(signedInState);
    await screen.findByRole('navigation');
    act(() => {
      for (let i = 1; i <= 5; i++) useUi.getState().toast('info', { key: 'outbox:toast.retried', params: { count: i } });
    });
    const toasts = screen.getByTestId('toasts');
    expect(toasts.children).toHaveLength(3);
    expect(toasts.textContent).toContain('Sending 5 writes again.');
    expect(toasts.textContent).not.toContain('Sending 1 write again.');
    act(() => setLanguage('tr'));
    expect(toasts.textContent).toContain('5 gönderim yeniden gönderiliyor.');
    act(() => {
      vi.advanceTimersByTime(7000);
    });
    expect(toasts.children).toHaveLength(0);
    act(() => setLanguage('en'));
  });

  it('a toast with an action stays until it is used', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    setup(signedInState);
    await screen.findByRole('navigation');
    const run = vi.fn();
    act(() => useUi.getState().toast('error', 'Package 7 was cancelled', 0, { label: { key: 'notifications:toast.open' }, run }));
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    fireEvent.click(screen.getByRole('button', { name: 'Open the package' }));
    expect(run).toHaveBeenCalledOnce();
    expect(screen.getByTestId('toasts').children).toHaveLength(0);
  });
});

describe('errors in the worker’s words', () => {
  it('network causes and answer codes are said in Turkish, without the technical text', () => {
    const t = i18n.getFixedT('tr');
    expect(describeError(t, { code: 'network', message: 'cannot reach http://x (UND_ERR_SOCKET)', params: { cause: 'dropped' } })).toEqual({
      title: 'Servise ulaşılamıyor. Ağı veya adresi kontrol edin.',
      why: 'Servisle konuşurken bağlantı koptu. Sırada bekleyen gönderimler kendiliğinden yeniden gönderilir; başka bir işlemse yeniden deneyin.',
    });
    const refused = describeError(t, {
      code: 'service_error',
      message: 'the service refused the write (HTTP 400)',
      params: { status: 400 },
    });
    expect(refused.why).toBe('Servis gönderilen bilgiyi kabul etmedi.');
    expect(JSON.stringify(refused)).not.toMatch(/HTTP|refused/);
    expect(describeError(t, { code: 'service_error', message: '', params: { status: 503 } }).why).toMatch(/Servisin kendi tarafında/);
  });
});

describe('date input', () => {
  it('reads day-first dates and refuses impossible ones', () => {
    expect(parseDateInput('31.12.2026')).toBe('2026-12-31');
    expect(parseDateInput('1/2/26')).toBe('2026-02-01');
    expect(parseDateInput('')).toBeNull();
    expect(parseDateInput('31.02.2026')).toBe('invalid');
    expect(parseDateInput('12/31/2026')).toBe('invalid');
  });
});
