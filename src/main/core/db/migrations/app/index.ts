import type { Migration } from '../../migration';
import { m001ProfilesSettings } from './001-profiles-settings';
import { m002AdminPin } from './002-admin-pin';

/** Migrations of app.db (settings and connection profiles). Append only; never renumber. */
export const appMigrations: readonly Migration[] = [m001ProfilesSettings, m002AdminPin];
