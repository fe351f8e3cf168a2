import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { AppSettingsPatch, type AppSettings } from '../../../shared/domain/settings';
import { clockOf, type Clock } from '../clock';
import { ensurePrivateDir } from '../paths';
import type { SettingsRepo } from './settings-repo';

/**
 * The app settings kept beside the workspaces as well, in `workspaces/app-settings.json` (0600),
 * as the PIN's verifier is (admin/pin-copy.ts): app.db deleted or emptied no longer resets what an
 * administrator set (the station's name on every count and export, the scanner's set-up, the image
 * server, the sync interval, CSV codes) to the defaults. The active connection is not restored
 * (the connections are recovered from the workspaces, settings/profiles-repo.ts); a copy that
 * cannot be read or no longer validates is ignored, key by key.
 */
export function withSettingsCopy(repo: SettingsRepo, dataDir: string, fresh: boolean, clock: Clock = clockOf()): SettingsRepo {
  const dir = join(dataDir, 'workspaces');
  const file = join(dir, 'app-settings.json');
  const save = (settings: AppSettings) => {
    ensurePrivateDir(dir);
    const { activeProfileId: _active, ...kept } = settings;
    writeFileSync(`${file}.part`, JSON.stringify({ settings: kept, savedAt: clock.iso() }), { mode: 0o600 });
    renameSync(`${file}.part`, file);
  };
  if (fresh && existsSync(file)) {
    const patch = readCopy(file);
    if (patch) repo.update(patch);
  }
  return {
    get: repo.get,
    update(patch) {
      const next = repo.update(patch);
      save(next);
      return next;
    },
  };
}

/** The settings in the copy that still validate, one key at a time; null when it cannot be read. */
function readCopy(file: string): AppSettingsPatch | null {
  let stored: unknown;
  try {
    stored = (JSON.parse(readFileSync(file, 'utf8')) as { settings?: unknown }).settings;
  } catch {
    return null;
  }
  if (typeof stored !== 'object' || stored === null) return null;
  let patch: AppSettingsPatch = {};
  for (const [key, value] of Object.entries(stored as Record<string, unknown>)) {
    if (key === 'activeProfileId' || key === 'allowInsecureImages') continue;
    const one = AppSettingsPatch.safeParse({ [key]: value });
    if (one.success) patch = { ...patch, ...one.data };
  }
  return patch;
}
