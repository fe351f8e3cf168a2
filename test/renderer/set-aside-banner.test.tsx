import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SetAsideWorkspace } from '../../src/shared/domain/session';
import { setBridgeForTests } from '../../src/renderer/bridge/api';
import { useApp } from '../../src/renderer/store/app';
import { renderApp } from './render-app';

afterEach(() => {
  cleanup();
  setBridgeForTests(null);
  useApp.setState({ setAside: [] });
});

const aside: SetAsideWorkspace = {
  profileId: 'p1',
  profileName: 'Depo 1',
  movedTo: '/data/workspaces/p1.damaged-2026-12-05T23-50-46-123Z.db',
  exported: '/data/workspaces/p1.damaged-2026-12-05T23-50-46-123Z.export.json',
  setAsideAt: '2026-12-05T23:50:46.123Z',
  unsentWrites: 1,
  openCounts: 2,
};

describe('a damaged workspace set aside (issue 47, item 4)', () => {
  it('is announced on the sign-in screen until someone acknowledges it, and a new one announced at once', async () => {
    let list = [aside];
    let acknowledged = 0;
    const bridge = renderApp(undefined, {
      'app.setAside': () => list,
      'app.acknowledgeSetAside': () => {
        acknowledged++;
        list = [];
        return { acknowledged: 1 };
      },
    });
    const banner = await screen.findByTestId('set-aside-banner');
    expect(banner.textContent).toContain('The data of a connection was damaged and set aside');
    expect(banner.textContent).toContain(
      '1 unsent writes and 2 open counts were saved in /data/workspaces/p1.damaged-2026-12-05T23-50-46-123Z.export.json',
    );
    fireEvent.click(screen.getByRole('button', { name: 'I have noted it' }));
    await waitFor(() => expect(screen.queryByTestId('set-aside-banner')).toBeNull());
    expect(acknowledged).toBe(1);
    bridge.emit('app.setAside', [aside]);
    expect(await screen.findByTestId('set-aside-banner')).toBeTruthy();
  });
});
