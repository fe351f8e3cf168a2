import { act, cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CountSession } from '../../../src/shared/domain/counts';
import { defaultSettings } from '../../../src/shared/domain/settings';
import { setBridgeForTests } from '../../../src/renderer/bridge/api';
import { i18n, setLanguage } from '../../../src/renderer/i18n';
import { CommandNotice } from '../../../src/renderer/screens/Counts/CommandNotice';
import { COMMAND_NOTICE_MS, runCountCommand } from '../../../src/renderer/screens/Counts/commands';
import { useApp } from '../../../src/renderer/store/app';
import { useCounts } from '../../../src/renderer/store/counts';
import { fakeBridge } from '../fake-bridge';
import { Instant } from '../../../src/shared/domain/time';

const open: CountSession = {
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
};
const signedIn = { signedIn: true, user: 'demo', profileId: 'p', profileName: 'P', expiresAt: null, training: false, offline: false };

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  setBridgeForTests(fakeBridge({}).api);
  setLanguage('en');
  useApp.setState({ settings: { ...defaultSettings, language: 'en' }, session: signedIn });
  useCounts.setState({ session: open });
  render(
    <I18nextProvider i18n={i18n}>
      <CommandNotice />
    </I18nextProvider>,
  );
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const scanCommand = (code: string) => act(async () => void (await runCountCommand(code, { review: () => undefined })));

describe('the command notice', () => {
  it('says what the command did, then goes after about 8 s; a second command starts its own time', async () => {
    await scanCommand('WDCMDQ2');
    expect(screen.getByTestId('command-notice').textContent).toBe('Command: Quantity ×2');
    await act(async () => void vi.advanceTimersByTime(COMMAND_NOTICE_MS - 1000));
    await scanCommand('WDCMDQC');
    await act(async () => void vi.advanceTimersByTime(COMMAND_NOTICE_MS - 1000));
    expect(screen.getByTestId('command-notice').textContent).toContain('Command:');
    await act(async () => void vi.advanceTimersByTime(1000));
    expect(screen.queryByTestId('command-notice')).toBeNull();
    expect(COMMAND_NOTICE_MS).toBeLessThanOrEqual(10_000);
  });

  it('goes at sign-out and when training mode starts', async () => {
    await scanCommand('WDCMDQ3');
    expect(screen.queryByTestId('command-notice')).not.toBeNull();
    act(() => useApp.setState({ session: { ...signedIn, signedIn: false, user: null } }));
    expect(screen.queryByTestId('command-notice')).toBeNull();

    act(() => useApp.setState({ session: signedIn }));
    useCounts.setState({ session: open });
    await scanCommand('WDCMDQ2');
    expect(screen.queryByTestId('command-notice')).not.toBeNull();
    act(() => useApp.setState({ session: { ...signedIn, training: true } }));
    expect(screen.queryByTestId('command-notice')).toBeNull();
  });
});
