import { homedir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultDataDir, leadingOptions } from '../../src/main/core/paths';

describe('the data directory', () => {
  it.runIf(process.platform === 'linux')(
    'is ~/.config/Warehouse Desk when XDG_CONFIG_HOME is set but empty, as Electron (Chromium) takes it, not a folder in the current directory',
    () => {
      expect(defaultDataDir({ XDG_CONFIG_HOME: '' })).toBe(join(homedir(), '.config', 'Warehouse Desk'));
      expect(defaultDataDir({ XDG_CONFIG_HOME: '/srv/conf' })).toBe('/srv/conf/Warehouse Desk');
    },
  );

  it('is the one `--data-dir` names before the command, in either spelling, else WD_DATA_DIR', () => {
    const env = { WD_DATA_DIR: '/srv/wd' };
    expect(leadingOptions(['--data-dir', '/a', 'lookup', 'x'], env)).toMatchObject({ dataDir: '/a', next: 2 });
    expect(leadingOptions(['--json', '--data-dir=/b', 'lookup'], env)).toMatchObject({ dataDir: '/b', json: true, next: 2 });
    // After the command it is the command's argument, not the data directory.
    expect(leadingOptions(['lookup', '--data-dir', '/c'], env)).toMatchObject({ dataDir: '/srv/wd', next: 0 });
    expect(leadingOptions(['--data-dir'], env)).toMatchObject({ missingDataDir: true });
  });
});
