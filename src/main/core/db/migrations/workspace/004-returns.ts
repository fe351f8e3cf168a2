import type { Migration } from '../../migration';

export const m004Returns: Migration = {
  version: 4,
  name: 'returns',
  up() {
    // tables of the returns feature
  },
};
