import type { Migration } from '../../migration';

export const m001ProfilesSettings: Migration = {
  version: 1,
  name: 'profiles and settings',
  up(db) {
    db.exec(`
      CREATE TABLE profiles (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        oms_url TEXT NOT NULL,
        pim_url TEXT NOT NULL,
        company_id INTEGER NOT NULL,
        storage_codes TEXT NOT NULL DEFAULT '[]',
        timestamp_unit TEXT NOT NULL DEFAULT 'ms' CHECK (timestamp_unit IN ('ms', 's')),
        page_size INTEGER NOT NULL DEFAULT 100,
        user_name TEXT,
        training INTEGER NOT NULL DEFAULT 0 CHECK (training IN (0, 1)),
        -- scrypt verifier of the last good password: lets a known user in while the service is down
        verifier TEXT,
        -- password encrypted by the OS secret store (Electron safeStorage); never plain text
        secret BLOB,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      ) STRICT;

      CREATE TABLE settings (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
      ) STRICT;
    `);
  },
};
