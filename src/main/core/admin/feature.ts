import type { Feature } from '../feature';
import type { FeatureHandlers } from '../handler-types';

/** admin.*: the administrator PIN (set on first use, unlock, lock). The gate itself runs in the invoker. */
export const adminFeature: Feature = {
  name: 'admin',
  handlers(ctx): FeatureHandlers<'admin'> {
    return {
      'admin.status': (_input, { caller }) => ctx.admin.status(caller),
      'admin.setPin': ({ pin, confirm }, { caller }) => ctx.admin.setPin(caller, pin, confirm),
      'admin.unlock': ({ pin }, { caller }) => ctx.admin.unlock(caller, pin),
      'admin.lock': (_input, { caller }) => ctx.admin.lock(caller),
    };
  },
};
