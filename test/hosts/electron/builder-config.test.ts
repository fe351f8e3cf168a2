import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from './harness';

// js-yaml comes with electron-builder, which reads this file with it.
const yaml = createRequire(join(root, 'package.json'))('js-yaml') as { load(text: string): unknown };

interface BuilderConfig {
  electronVersion: string;
  directories: { buildResources: string };
  files: string[];
  extraResources: { from: string; to: string; filter: string[] }[];
  npmRebuild: boolean;
  asar: boolean;
  electronFuses: Record<string, boolean>;
}
const config = yaml.load(readFileSync(join(root, 'electron-builder.yml'), 'utf8')) as BuilderConfig;
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };

describe('electron-builder configuration (the installed product)', () => {
  it('targets the Electron that is installed and built against (45.x)', () => {
    const installed = (JSON.parse(readFileSync(join(root, 'node_modules/electron/package.json'), 'utf8')) as { version: string }).version;
    expect(config.electronVersion).toBe(installed);
    expect(installed).toMatch(/^45\./);
    expect(pkg.devDependencies.electron).toBe(`^${installed}`);
    // scripts/electron-native.mjs builds better-sqlite3 for node_modules/electron's version.
    expect(readFileSync(join(root, 'scripts/electron-native.mjs'), 'utf8')).toContain("require('electron/package.json')");
  });

  it('packages the built app and its icon, without source maps', () => {
    expect(config.files).toEqual(expect.arrayContaining(['out/**', 'package.json', 'resources/icon.png', '!**/*.map']));
    expect(existsSync(join(root, config.directories.buildResources, 'icon.png'))).toBe(true);
    // electron-vite builds without them (npm run build:web, for the browser, may leave some in out/renderer: excluded above).
    const maps = execFileSync('find', [join(root, 'out/main'), join(root, 'out/preload'), '-name', '*.map'], { encoding: 'utf8' }).trim();
    expect(maps).toBe('');
  });

  it('carries the Electron build of better-sqlite3 in resources/native, where the app loads it', () => {
    expect(config.npmRebuild).toBe(false);
    expect(config.extraResources).toContainEqual({ from: '.cache/native/current', to: 'native', filter: ['better_sqlite3.node'] });
    const native = readFileSync(join(root, 'src/main/hosts/electron/native.ts'), 'utf8');
    expect(native).toContain("join(process.resourcesPath, 'native', 'better_sqlite3.node')");
  });

  it('flips the security fuses', () => {
    expect(config.asar).toBe(true);
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      loadBrowserProcessSpecificV8Snapshot: false,
      grantFileProtocolExtraPrivileges: false,
    });
  });

  it('the build output has nothing but the bundles', () => {
    // Next to them, the built CLI (out/cli/wd.js, `npm run build` / `build:cli`) when it was built.
    expect(
      readdirSync(join(root, 'out'))
        .filter((d) => d !== 'cli')
        .sort(),
    ).toEqual(['main', 'preload', 'renderer']);
    expect(readdirSync(join(root, 'out/main')).sort()).toEqual(['chunks', 'index.js']);
    // The page reader's thread (src/main/core/packages/page-reader-worker.ts, `?modulePath`), alone.
    expect(readdirSync(join(root, 'out/main/chunks'))).toEqual([expect.stringMatching(/^page-reader-worker-[\w-]+\.js$/)]);
    expect(readdirSync(join(root, 'out/preload'))).toEqual(['index.cjs']);
  });
});
