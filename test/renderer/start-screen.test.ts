import { beforeEach, describe, expect, it } from 'vitest';
import { signedOut } from '../../src/shared/domain/session';
import { useApp } from '../../src/renderer/store/app';
import { useUi } from '../../src/renderer/store/ui';

const session = { signedIn: true, user: 'demo', profileId: 'p', profileName: 'P', expiresAt: null, training: false, offline: false };

beforeEach(() => {
  useApp.setState({ session: signedOut, sessionEndedBy: null });
  useUi.setState({ screen: 'counts' });
});

describe('the screen a session starts on', () => {
  it('a sign-in and training mode start on Counts, whatever was open before', () => {
    useApp.setState({ session });
    useUi.getState().go('packages');
    useApp.setState({ session: signedOut });
    useApp.setState({ session: { ...session, training: true } });
    expect(useUi.getState().screen).toBe('counts');
    useUi.getState().go('returns');
    // Training left for the real connection in one step.
    useApp.setState({ session });
    expect(useUi.getState().screen).toBe('counts');
  });

  it('a session that expired and is signed in again keeps the screen', () => {
    useApp.setState({ session });
    useUi.getState().go('products');
    useApp.setState({ session: signedOut, sessionEndedBy: { code: 'session_expired', message: '' } });
    useApp.setState({ session, sessionEndedBy: null });
    expect(useUi.getState().screen).toBe('products');
  });
});
