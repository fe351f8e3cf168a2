import { AppError } from '../../core/errors';
import type { Profile } from '../../../shared/domain/settings';
import { call, type CliContext } from './context';
import { readPassword } from './password';

/** The profile the app and `wd login` use last (settings.activeProfileId). */
export async function activeProfile(ctx: CliContext): Promise<Profile> {
  const core = ctx.core();
  const { activeProfileId } = await call(core.call('settings.get', {}));
  const profile = (await call(core.call('profiles.list', {}))).find((p) => p.id === activeProfileId);
  if (!profile) throw new AppError('not_found', ctx.t('cli:noProfile'));
  return profile;
}

/** Signs in to the active profile with WD_PASSWORD (or stdin); the service must answer. */
export async function signInActive(ctx: CliContext): Promise<Profile> {
  const profile = await activeProfile(ctx);
  if (!profile.userName) throw new AppError('not_found', ctx.t('cli:noProfile'));
  const password = await readPassword(ctx.env, ctx.stdin, `${ctx.t('signIn:password')}: `);
  // Said as a sign-in that could not happen ("Please sign in first. No password: …"), not as bad data.
  if (!password) throw new AppError('not_signed_in', ctx.t('cli:passwordMissing'));
  const state = await call(ctx.core().call('session.signIn', { profileId: profile.id, userName: profile.userName, password }));
  if (state.offline) throw new AppError('network', ctx.t('cli:offline', { url: profile.omsUrl }));
  return profile;
}
