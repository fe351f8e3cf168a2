#!/usr/bin/env node
/**
 * Builds better-sqlite3 for Electron's ABI into .cache/native/electron-<version>-<platform>-<arch>/,
 * leaving node_modules/better-sqlite3 (the Node build that `npm test` uses) untouched. The Electron
 * host loads this copy through better-sqlite3's `nativeBinding` option, so `npm start` and
 * `npm test` never overwrite each other's binary. Runs in a second when the build is already there.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(root, 'package.json'));

const electronPkg = require('electron/package.json');
const version = process.env.WD_ELECTRON_VERSION ?? electronPkg.version;
const platform = process.platform;
const arch = process.env.npm_config_arch ?? process.arch;
const target = join(root, '.cache', 'native', `electron-${version}-${platform}-${arch}`);
const binary = join(target, 'better_sqlite3.node');
const current = join(root, '.cache', 'native', 'current');

function done(message) {
  mkdirSync(current, { recursive: true });
  cpSync(binary, join(current, 'better_sqlite3.node'));
  console.log(message);
  process.exit(0);
}

if (existsSync(binary)) done(`better-sqlite3 for Electron ${version} (${platform}-${arch}) is up to date`);

if (!existsSync(join(root, 'node_modules', 'electron', 'path.txt')) && !process.env.WD_ALLOW_NO_ELECTRON) {
  console.error(
    'The Electron binary is not installed (was ELECTRON_SKIP_BINARY_DOWNLOAD set?). Run "npm install" on a machine that can download it, then "npm start".',
  );
  process.exit(1);
}

const source = dirname(require.resolve('better-sqlite3/package.json'));
const work = join(root, '.cache', 'native', `build-${version}-${platform}-${arch}`, 'better-sqlite3');
rmSync(dirname(work), { recursive: true, force: true });
mkdirSync(work, { recursive: true });
for (const part of ['package.json', 'binding.gyp', 'src', 'deps']) cpSync(join(source, part), join(work, part), { recursive: true });

const nodeGyp =
  process.env.npm_config_node_gyp ??
  require.resolve('node-gyp/bin/node-gyp.js', { paths: [join(dirname(process.execPath), '..', 'lib', 'node_modules', 'npm')] });
const env = { ...process.env };
// npm passes its nodedir (Node's own headers) to scripts; Electron needs its own headers instead.
for (const k of Object.keys(env)) if (/^npm_config_(nodedir|target|runtime|disturl|dist_url)$/i.test(k)) delete env[k];

console.log(`Building better-sqlite3 for Electron ${version} (${platform}-${arch}); this takes a minute the first time…`);
const r = spawnSync(
  process.execPath,
  [
    nodeGyp,
    'rebuild',
    '--release',
    `--target=${version}`,
    `--arch=${arch}`,
    '--runtime=electron',
    '--dist-url=https://electronjs.org/headers',
  ],
  { cwd: work, env, stdio: 'inherit' },
);
if (r.status !== 0) {
  console.error('Building better-sqlite3 for Electron failed (see above).');
  process.exit(r.status ?? 1);
}
mkdirSync(target, { recursive: true });
cpSync(join(work, 'build', 'Release', 'better_sqlite3.node'), binary);
rmSync(dirname(work), { recursive: true, force: true });
done(`better-sqlite3 for Electron ${version} is ready in ${target}`);
