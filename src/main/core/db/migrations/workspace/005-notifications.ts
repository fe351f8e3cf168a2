import type { Migration } from '../../migration';

export const m005Notifications: Migration = {
  version: 5,
  name: 'notifications',
  up() {
    // tables of the notifications feature
  },
};
