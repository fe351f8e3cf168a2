import type { FeatureHandlers } from './handler-types';
import type { CoreContext } from './context';
import type { ParsedInput } from '../../shared/contract';
import { sendsCredentialsInClear, type Profile } from '../../shared/domain/settings';
import { testConnection } from './admin/connection-test';
import { AppError } from './errors';
import { keepSavedConnection, markWorkspaceDeleted } from './workspace';
import { acknowledgeSetAside } from './workspace-aside';
// The app's version as released (package.json), when the host names none (`wd web` started without npm).
import pkg from '../../../package.json' with { type: 'json' };

type AppHandlers = FeatureHandlers<'app'> & FeatureHandlers<'settings'> & FeatureHandlers<'profiles'> & FeatureHandlers<'session'>;

export function createAppHandlers(ctx: CoreContext): AppHandlers {
  const { session, settings, profiles } = ctx;
  /** Saves a connection; the one in use, moved to another service or company, is signed out of. */
  function saveProfile(input: ParsedInput<'profiles.save'>): Profile {
    const saved = (() => {
      if (input.id && session.isSignedIn() && session.activeProfile().id === input.id) {
        const current = profiles.get(input.id);
        const moved = current.omsUrl !== input.omsUrl || current.pimUrl !== input.pimUrl || current.companyId !== input.companyId;
        if (moved) {
          // The token belongs to the old service: validate first, then sign out so the next
          // sign-in (asked for at once) goes to the new address with a freshly typed password.
          const next = profiles.save(input);
          session.signOut(true);
          return next;
        }
      }
      return profiles.save(input);
    })();
    keepSavedConnection(ctx.options.dataDir, saved, {
      clock: ctx.clock,
      ...(ctx.options.nativeBinding ? { nativeBinding: ctx.options.nativeBinding } : {}),
    });
    return saved;
  }

  return {
    'app.info': () => ({
      version: ctx.options.version ?? pkg.version,
      host: ctx.options.host,
      dataDir: ctx.options.dataDir,
      secretStorage: ctx.secrets.info(),
    }),
    'app.status': () => ctx.status.get(),
    'app.setAside': () => ctx.setAside(),
    'app.acknowledgeSetAside': ({ movedTo }) => {
      const acknowledged = acknowledgeSetAside(ctx.options.dataDir, ctx.clock, movedTo);
      ctx.bus.emit('app.setAside', ctx.setAside());
      return { acknowledged };
    },
    'settings.get': () => settings.get(),
    'settings.update': ({ allowInsecureImages, ...patch }) => {
      // The same rule as the service addresses: pictures (customers' return photos) over plain
      // http:// to another computer only with an administrator's ticked warning (issue 47, item 6).
      const clear = patch.imageBaseUrl && sendsCredentialsInClear(patch.imageBaseUrl) ? patch.imageBaseUrl : null;
      if (clear && !allowInsecureImages)
        throw new AppError(
          'needs_confirmation',
          `${clear} is http:// on another computer: customers' photos would cross the network unencrypted. Use https://, or an administrator accepts the warning.`,
          { reason: 'insecure_image_http', address: clear },
        );
      const next = settings.update(patch);
      ctx.bus.emit('settings.changed', next);
      return next;
    },
    'profiles.list': () => profiles.list(),
    'profiles.save': (input) => {
      const saved = saveProfile(input);
      ctx.bus.emit('profiles.changed', profiles.list());
      return saved;
    },
    'profiles.test': (input) => testConnection(ctx.http, input),
    'profiles.delete': ({ id }) => {
      const p = profiles.get(id);
      if (p.training) throw new AppError('forbidden', 'the training profile cannot be deleted', { reason: 'training_profile' });
      if (session.isSignedIn() && session.activeProfile().id === id)
        throw new AppError('conflict', 'sign out before deleting the profile in use', { reason: 'profile_in_use' });
      const deleted = profiles.remove(id);
      // Its workspace stays on the disk, marked so that a lost app.db does not bring it back.
      if (deleted) markWorkspaceDeleted(ctx.options.dataDir, id, ctx.clock);
      if (settings.get().activeProfileId === id) settings.update({ activeProfileId: null });
      if (deleted) ctx.bus.emit('profiles.changed', profiles.list());
      return { deleted };
    },
    'session.get': () => session.state(),
    'session.signIn': async (input) => {
      if (profiles.get(input.profileId).training)
        throw new AppError('forbidden', 'use training mode for the training profile', { reason: 'training_profile_sign_in' });
      return session.signIn(input);
    },
    'session.signInTo': async ({ profile: input, userName, password }) => {
      // Everything a save would refuse is refused before the password leaves for the address.
      profiles.check(input);
      const state = await session.signInTo(input.omsUrl, { userName, password }, () => saveProfile(input));
      ctx.bus.emit('profiles.changed', profiles.list());
      return { session: state, profile: session.activeProfile() };
    },
    'session.resume': () => session.resume(),
    'session.signOut': ({ forget }) => {
      // Signing out locks the administrator settings in every window.
      ctx.admin.lockAll();
      return session.signOut(forget);
    },
    'session.startTraining': async () => {
      const creds = await ctx.training.start();
      return session.signIn({ ...creds, remember: false, allowWeakStorage: false });
    },
  };
}
