import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Profile } from '../../src/shared/domain/settings';
import { setBridgeForTests } from '../../src/renderer/bridge/api';
import { useApp } from '../../src/renderer/store/app';
import { renderApp } from './render-app';

afterEach(() => {
  cleanup();
  setBridgeForTests(null);
});

const profile: Profile = {
  id: 'p-ana',
  name: 'Ana depo',
  omsUrl: 'http://127.0.0.1:9',
  pimUrl: 'http://127.0.0.1:9',
  companyId: 1,
  storageCodes: [],
  timestampUnit: 'ms',
  pageSize: 100,
  userName: null,
  remembered: false,
  training: false,
};

describe('the app store on start', () => {
  it('a connection announced while the first reading of the state is under way stays on the sign-in screen (the older reading does not take it off)', async () => {
    let answer!: (list: Profile[]) => void;
    const bridge = renderApp(undefined, { 'profiles.list': () => new Promise<Profile[]>((r) => (answer = r)) });
    await waitFor(() => expect(answer).toBeTypeOf('function'));
    // Saved elsewhere after the list was read, before its answer arrived.
    bridge.emit('profiles.changed', [profile]);
    answer([]);
    await waitFor(() => expect(useApp.getState().ready).toBe(true));
    expect(useApp.getState().profiles.map((p) => p.name)).toEqual(['Ana depo']);
    expect(await screen.findByRole('option', { name: 'Ana depo — http://127.0.0.1:9' })).toBeTruthy();
  });
});
