import { AppSettings, defaultSettings, type AppSettingsPatch } from '../../../shared/domain/settings';
import type { Db } from '../db/open';

/**
 * Settings are one JSON value per top-level key. Reading merges the stored values over the
 * defaults and re-validates, so a setting added in a later version gets its default and a value
 * that no longer validates falls back instead of breaking start-up.
 */
export function createSettingsRepo(db: Db) {
  const all = db.prepare<[], { key: string; value: string }>('SELECT key, value FROM settings');
  const put = db.prepare<[string, string]>(
    'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  );

  function get(): AppSettings {
    const merged: Record<string, unknown> = structuredClone(defaultSettings);
    for (const row of all.all()) {
      if (!(row.key in defaultSettings)) continue;
      try {
        const value: unknown = JSON.parse(row.value);
        const def = (defaultSettings as Record<string, unknown>)[row.key];
        merged[row.key] = isPlainObject(def) && isPlainObject(value) ? { ...def, ...value } : value;
      } catch {
        // unreadable value: keep the default
      }
    }
    const parsed = AppSettings.safeParse(merged);
    if (parsed.success) return parsed.data;
    // Fall back per key so one bad value does not reset everything.
    const safe: Record<string, unknown> = structuredClone(defaultSettings);
    for (const key of Object.keys(defaultSettings) as (keyof AppSettings)[]) {
      const one = AppSettings.shape[key].safeParse(merged[key]);
      if (one.success) safe[key] = one.data;
    }
    return AppSettings.parse(safe);
  }

  const update = db.transaction((patch: AppSettingsPatch): AppSettings => {
    const current = get();
    const next = { ...current } as Record<string, unknown>;
    for (const [key, value] of Object.entries(patch)) {
      if (value === undefined) continue;
      const prev = (current as Record<string, unknown>)[key];
      next[key] = isPlainObject(prev) && isPlainObject(value) ? { ...prev, ...value } : value;
    }
    const valid = AppSettings.parse(next);
    for (const key of Object.keys(patch)) put.run(key, JSON.stringify((valid as Record<string, unknown>)[key]));
    return valid;
  });

  return { get, update: (patch: AppSettingsPatch): AppSettings => update(patch) };
}

export type SettingsRepo = ReturnType<typeof createSettingsRepo>;

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
