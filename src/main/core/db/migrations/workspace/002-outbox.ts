import type { Migration } from '../../migration';

export const m002Outbox: Migration = {
  version: 2,
  name: 'outbox',
  up() {
    // tables of the outbox feature
  },
};
