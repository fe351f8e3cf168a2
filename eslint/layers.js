import { builtinModules } from 'node:module';
import path from 'node:path';

/**
 * `layers/imports`: each folder of src/ lists the folders it may import from (an allow-list, so a
 * new folder is forbidden until someone decides otherwise), whether it may use Node built-ins, and
 * the packages it must not use. Relative imports are resolved against the importing file, so
 * `../../main/core/x` and `../bridge/api` are caught however they are spelled.
 *
 * Options: `{ layers: [{ name, files, allow, builtins, packages }] }` where `files` and `allow` are
 * folders relative to the project root ending in `/` (or single files), `deny` (optional) carves
 * folders out of `allow`, `assets` (optional) lists files that may be named only as a build-time
 * asset (an import with a `?` query, such as Vite's `?modulePath`: the bundler gives a path, no
 * code of the file runs here), and `packages` lists forbidden package names. The first layer whose `files` contains
 * the file applies; a file in no layer is not checked.
 */

const builtins = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));

/** `node:zlib`, `zlib`, `fs/promises`, `node:test` (only exists with the prefix) ... */
export function isBuiltin(spec) {
  if (spec.startsWith('node:')) return true;
  return builtins.has(spec) || builtins.has(spec.split('/')[0]);
}

const packageName = (spec) => (spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]);

const noExt = (p) => p.replace(/\.(tsx?|jsx?|mjs|cjs)$/, '');
/** `folder` ends with `/` (a folder) or names one file, with or without its extension. */
const inside = (file, folder) => (folder.endsWith('/') ? `${file}/`.startsWith(folder) : noExt(file) === noExt(folder));

const imports = {
  meta: {
    type: 'problem',
    docs: { description: 'imports follow the layers: each folder may only import from the folders it allows' },
    schema: [
      {
        type: 'object',
        properties: {
          layers: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                name: { type: 'string' },
                files: { type: 'string' },
                allow: { type: 'array', items: { type: 'string' } },
                deny: { type: 'array', items: { type: 'string' } },
                assets: { type: 'array', items: { type: 'string' } },
                builtins: { type: 'boolean' },
                packages: { type: 'array', items: { type: 'string' } },
              },
              required: ['name', 'files', 'allow', 'builtins'],
              additionalProperties: false,
            },
          },
        },
        required: ['layers'],
        additionalProperties: false,
      },
    ],
    messages: {
      folder: '{{layer}} may not import {{target}} (allowed: {{allowed}})',
      builtin: '{{layer}} runs in the browser: no Node built-in "{{spec}}"',
      package: '{{layer}} may not use the package "{{spec}}"',
    },
  },
  create(context) {
    const root = context.cwd;
    const rel = (p) => path.relative(root, p).split(path.sep).join('/');
    const file = rel(context.filename);
    const layer = context.options[0].layers.find((l) => inside(file, l.files));
    if (!layer) return {};

    function check(node, source) {
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const spec = source.value.replace(/\?.*$/, '');
      const asset = spec !== source.value;
      if (spec.startsWith('.') || spec.startsWith('/')) {
        const target = rel(path.resolve(path.dirname(context.filename), spec));
        const ok =
          (layer.allow.some((f) => inside(target, f)) && !(layer.deny ?? []).some((f) => inside(target, f))) ||
          (asset && (layer.assets ?? []).some((f) => inside(target, f)));
        if (!ok)
          context.report({
            node,
            messageId: 'folder',
            data: { layer: layer.name, target, allowed: layer.allow.join(', ') + (layer.deny ? ` except ${layer.deny.join(', ')}` : '') },
          });
        return;
      }
      if (isBuiltin(spec)) {
        if (!layer.builtins) context.report({ node, messageId: 'builtin', data: { layer: layer.name, spec } });
        return;
      }
      if ((layer.packages ?? []).includes(packageName(spec)))
        context.report({ node, messageId: 'package', data: { layer: layer.name, spec } });
    }

    return {
      ImportDeclaration: (n) => check(n, n.source),
      ExportNamedDeclaration: (n) => check(n, n.source),
      ExportAllDeclaration: (n) => check(n, n.source),
      ImportExpression: (n) => check(n, n.source),
      CallExpression: (n) => {
        if (n.callee.type === 'Identifier' && n.callee.name === 'require') check(n, n.arguments[0]);
      },
    };
  },
};

const mainOnly = ['electron', 'better-sqlite3', 'undici'];
/** The core's index, however it is spelled (`../../core`, `../../core/index`). */
const coreIndex = ['src/main/core', 'src/main/core/index.ts'];

/**
 * Layers are folders, and each folder lists what it may import (the VS Code way; see
 * eslint/layers.js). The first entry whose `files` holds a file applies, so narrower folders come
 * first. Browser code (shared, renderer, preload) gets no Node built-ins.
 */
export const layers = [
  { name: 'src/shared', files: 'src/shared/', allow: ['src/shared/'], builtins: false, packages: mainOnly },
  {
    // A migration does what it did on the day it shipped: it keeps copies of the live code it
    // runs (010, 018), never imports it. Frozen data (the record dictionary of format 1) may be read.
    name: 'a migration',
    files: 'src/main/core/db/migrations/',
    allow: ['src/main/core/db/migrations/', 'src/main/core/db/migration', 'src/main/core/packages/record-dictionary'],
    builtins: true,
    packages: mainOnly,
  },
  // package.json: the version app.info says when the host names none.
  {
    name: 'the core',
    files: 'src/main/core/',
    allow: ['src/main/core/', 'src/shared/', 'package.json'],
    builtins: true,
    packages: ['electron'],
  },
  {
    // The warehouse hub (wd hub, PostgreSQL): the core's and the shared code, never a host's.
    name: 'the hub',
    files: 'src/main/hub/',
    allow: ['src/main/hub/', 'src/main/core/', 'src/shared/'],
    builtins: true,
    packages: ['electron'],
  },
  { name: 'the sandbox', files: 'src/main/sandbox/', allow: ['src/main/sandbox/', 'src/shared/'], builtins: true, packages: ['electron'] },
  {
    // The web and Electron hosts (and the hosts' shared files) know the core by its index only
    // (createCore, Core and what index.ts exports for them): a feature's internals or the core's
    // context are no part of what a host may use.
    name: 'the web host',
    files: 'src/main/hosts/web/',
    allow: ['src/main/hosts/web/', 'src/main/hosts/csp.ts', 'src/main/hosts/training.ts', ...coreIndex, 'src/shared/'],
    builtins: true,
    packages: ['electron'],
  },
  {
    name: 'the CLI host',
    files: 'src/main/hosts/cli/',
    allow: [
      'src/main/hosts/cli/',
      'src/main/hosts/web/',
      'src/main/hosts/training.ts',
      'src/main/sandbox/',
      'src/main/hub/',
      // The released version (`wd hub` says it in /health).
      'package.json',
      // A host of the contract: createCore (the folder's index) and its errors, never a feature's internals.
      'src/main/core',
      'src/main/core/errors.ts',
      'src/main/core/paths.ts',
      'src/main/core/log.ts',
      'src/shared/',
    ],
    builtins: true,
    packages: ['electron'],
  },
  {
    name: 'the Electron host',
    files: 'src/main/hosts/electron/',
    allow: ['src/main/hosts/electron/', 'src/main/hosts/csp.ts', 'src/main/hosts/training.ts', ...coreIndex, 'src/shared/'],
    // The page reader's thread: electron-vite builds it as a bundle of its own and the import
    // (`?modulePath`) gives only its path, which the host passes as CoreOptions.pageReader.
    assets: ['src/main/core/packages/page-reader-worker.ts'],
    builtins: true,
  },
  {
    name: 'src/main/hosts',
    files: 'src/main/hosts/',
    allow: ['src/main/hosts/', 'src/main/sandbox/', ...coreIndex, 'src/shared/'],
    builtins: true,
    packages: ['electron'],
  },
  {
    name: 'the preload',
    files: 'src/preload/',
    allow: ['src/preload/', 'src/shared/'],
    builtins: false,
    packages: ['better-sqlite3', 'undici'],
  },
  ...['components', 'screens'].map((f) => ({
    name: `src/renderer/${f} (through the stores, never the bridge)`,
    files: `src/renderer/${f}/`,
    allow: ['src/renderer/', 'src/shared/'],
    deny: ['src/renderer/bridge/'],
    builtins: false,
    packages: mainOnly,
  })),
  { name: 'the renderer', files: 'src/renderer/', allow: ['src/renderer/', 'src/shared/'], builtins: false, packages: mainOnly },
  {
    name: 'renderer tests',
    files: 'test/renderer/',
    allow: ['test/renderer/', 'test/fixtures/', 'test/e2e/keyboards.ts', 'src/renderer/', 'src/shared/'],
    builtins: false,
    packages: mainOnly,
  },
];

export default { meta: { name: 'layers' }, rules: { imports } };
