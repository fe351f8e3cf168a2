import { join } from 'node:path';
import { ESLint, RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import layersPlugin, { isBuiltin, layers } from '../../eslint/layers.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const root = process.cwd();
const at = (file: string) => join(root, file);
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 'latest', sourceType: 'module' } });
const options = [{ layers }];
const ok = (file: string, code: string) => ({ filename: at(file), code, options });
const bad = (file: string, code: string, messageId: 'folder' | 'builtin' | 'package') => ({
  filename: at(file),
  code,
  options,
  errors: [{ messageId }],
});

describe('layers/imports with the project layers', () => {
  tester.run('layers/imports', layersPlugin.rules.imports, {
    valid: [
      ok('src/shared/contract.ts', "import { x } from './domain/session';"),
      ok('src/shared/contract.ts', "import { z } from 'zod';"),
      ok(
        'src/main/core/index.ts',
        "import { x } from '../../shared/result'; import { readFileSync } from 'node:fs'; import zlib from 'zlib';",
      ),
      ok('src/main/core/index.ts', "import Database from 'better-sqlite3'; import { request } from 'undici';"),
      ok(
        'src/renderer/screens/Counts/X.tsx',
        "import { useCounts } from '../../store/counts'; import { t } from '../../../shared/result';",
      ),
      ok('src/renderer/components/X.tsx', "import { useUi } from '../store/ui';"),
      ok('src/renderer/store/app.ts', "import { call } from '../bridge/api';"),
      ok('src/main/hosts/cli/commands/sandbox.ts', "import { createSandbox } from '../../../sandbox/server';"),
      ok('src/main/hosts/electron/main.ts', "import { app } from 'electron'; import { sandboxTrainingService } from '../training';"),
      ok(
        'src/main/core/db/migrations/workspace/010-compact-cache.ts',
        "import type { Migration } from '../../migration'; import { RECORD_DICTIONARY_V1 } from '../../../packages/record-dictionary'; import { deflateRawSync } from 'node:zlib';",
      ),
      ok('scripts/anything.ts', "import x from '../src/main/hosts/web/server';"),
      // The web and Electron hosts: the core's index (either spelling) and the page reader's worker as a build-time asset.
      ok('src/main/hosts/web/server.ts', "import type { Core } from '../../core';"),
      ok('src/main/hosts/web/server.ts', "import type { Core } from '../../core/index';"),
      ok('src/main/hosts/electron/main.ts', "import { createCore, isAppError, storageFailure } from '../../core';"),
      ok('src/main/hosts/electron/main.ts', "import pageReader from '../../core/packages/page-reader-worker?modulePath';"),
      ok('src/main/hosts/training.ts', "import type { StartTrainingService } from '../core';"),
    ],
    invalid: [
      // shared → renderer, shared → main
      bad('src/shared/contract.ts', "import { useUi } from '../renderer/store/ui';", 'folder'),
      bad('src/shared/domain/x.ts', "import type { Core } from '../../main/core';", 'folder'),
      // core → host, in every spelling
      bad('src/main/core/index.ts', "import { startWebHost } from '../hosts/web/server';", 'folder'),
      bad('src/main/core/packages/x.ts', "export * from '../../hosts/cli/args';", 'folder'),
      bad('src/main/core/index.ts', "const m = await import('../hosts/electron/ipc');", 'folder'),
      // a migration → live code (it would change what an old migration does)
      bad(
        'src/main/core/db/migrations/workspace/010-compact-cache.ts',
        "import { packRecord } from '../../../packages/record-pack';",
        'folder',
      ),
      bad(
        'src/main/core/db/migrations/workspace/018-return-name-keys.ts',
        "import { fold } from '../../../../../shared/text/case';",
        'folder',
      ),
      bad('src/main/core/db/migrations/workspace/001-packages.ts', "import Database from 'better-sqlite3';", 'package'),
      // the web and Electron hosts → a core file other than the index
      bad('src/main/hosts/web/server.ts', "import { AppError } from '../../core/errors';", 'folder'),
      bad('src/main/hosts/web/server.ts', "import { createSettingsRepo } from '../../core/settings/settings-repo';", 'folder'),
      bad('src/main/hosts/electron/main.ts', "import { isAppError } from '../../core/errors';", 'folder'),
      bad('src/main/hosts/electron/secrets.ts', "import type { SecretStore } from '../../core/secrets';", 'folder'),
      bad('src/main/hosts/electron/ipc.ts', "const { outboxOf } = await import('../../core/outbox/outbox');", 'folder'),
      // the worker only as an asset (its code never runs in the host), and no other file so
      bad('src/main/hosts/electron/main.ts', "import { startReader } from '../../core/packages/page-reader-worker';", 'folder'),
      bad('src/main/hosts/electron/main.ts', "import checkpointer from '../../core/db/checkpointer?modulePath';", 'folder'),
      bad('src/main/hosts/web/server.ts', "import pageReader from '../../core/packages/page-reader-worker?modulePath';", 'folder'),
      // the hosts' shared files
      bad('src/main/hosts/training.ts', "import { Training } from '../core/training';", 'folder'),
      // core → sandbox
      bad('src/main/core/training.ts', "import { createSandbox } from '../sandbox/server';", 'folder'),
      bad('src/main/core/training.ts', "const { createSandbox } = require('../sandbox/server');", 'folder'),
      // core → renderer, core → electron
      bad('src/main/core/index.ts', "import { x } from '../../renderer/store/app';", 'folder'),
      bad('src/main/core/index.ts', "import { app } from 'electron';", 'package'),
      // the sandbox is no part of the core
      bad('src/main/sandbox/server.ts', "import { createCore } from '../core';", 'folder'),
      // components and screens → the bridge
      bad('src/renderer/components/NotificationToasts.tsx', "import { subscribe } from '../bridge/api';", 'folder'),
      bad('src/renderer/screens/Counts/PushStatus.tsx', "import { call } from '../../bridge/api';", 'folder'),
      // Node built-ins in browser code, with and without node:
      bad('src/shared/images.ts', "import { deflateSync } from 'node:zlib';", 'builtin'),
      bad('src/shared/images.ts', "import { deflateSync } from 'zlib';", 'builtin'),
      bad('src/shared/images.ts', "import { createRequire } from 'module';", 'builtin'),
      bad('src/renderer/store/app.ts', "import dns from 'dns';", 'builtin'),
      bad('src/renderer/store/app.ts', "import { readFile } from 'fs/promises';", 'builtin'),
      bad('src/preload/index.ts', "import test from 'node:test';", 'builtin'),
      // main-process packages in browser code
      bad('src/renderer/store/app.ts', "import Database from 'better-sqlite3';", 'package'),
      bad('src/shared/x.ts', "import { request } from 'undici';", 'package'),
    ],
  });

  it('knows every Node built-in, with and without node:', () => {
    for (const m of ['zlib', 'node:zlib', 'module', 'dns', 'dgram', 'v8', 'vm', 'inspector', 'node:sqlite', 'fs/promises'])
      expect(isBuiltin(m), m).toBe(true);
    for (const m of ['zod', 'react', '@tanstack/react-virtual', 'undici']) expect(isBuiltin(m), m).toBe(false);
  });
});

describe('the project lint config', () => {
  // The project's own config without type information (no TypeScript program to build: 27 s of the
  // old test's 28): the layers rule reads import paths only.
  const eslint = new ESLint({
    cwd: root,
    overrideConfig: { files: ['**/*.ts', '**/*.tsx'], languageOptions: { parserOptions: { projectService: false, project: null } } },
    ruleFilter: ({ ruleId }) => ruleId === 'layers/imports',
  });
  /** Lints `code` as if it were the content of the project's file `file`. */
  const lint = async (file: string, code: string) => {
    const [r] = await eslint.lintText(code, { filePath: at(file) });
    expect(r!.messages.filter((m) => m.fatal)).toEqual([]);
    return r!.messages;
  };
  const probe = async (file: string, code: string) => (await lint(file, code)).filter((m) => m.ruleId === 'layers/imports').length;

  it('fails a probe import of each forbidden kind', async () => {
    expect(await probe('src/shared/result.ts', "export { useUi } from '../renderer/store/ui';")).toBe(1);
    expect(await probe('src/main/core/training.ts', "export { startWebHost } from '../hosts/web/server';")).toBe(1);
    expect(await probe('src/main/core/training.ts', "export { createSandbox } from '../sandbox/server';")).toBe(1);
    expect(await probe('src/renderer/components/Toasts.tsx', "export { call } from '../bridge/api';")).toBe(1);
    expect(await probe('src/shared/result.ts', "export { deflateSync } from 'node:zlib';")).toBe(1);
    // The CLI is a host of the contract: createCore, never a feature's service.
    expect(await probe('src/main/hosts/cli/commands/lookup.ts', "export { outboxOf } from '../../../core/outbox/outbox';")).toBe(1);
    // The web and Electron hosts: the core's index only.
    expect(await probe('src/main/hosts/web/server.ts', "export { AppError } from '../../core/errors';")).toBe(1);
    expect(await probe('src/main/hosts/electron/main.ts', "export { AppError } from '../../core/errors';")).toBe(1);
  });

  it('passes the same imports where they are allowed', async () => {
    expect(await probe('src/renderer/store/ui.ts', "export { call } from '../bridge/api';")).toBe(0);
    expect(await probe('src/main/hosts/cli/main.ts', "export { createSandbox } from '../../sandbox/server';")).toBe(0);
    expect(await probe('src/main/hosts/cli/main.ts', "export { createCore } from '../../core';")).toBe(0);
    expect(await probe('src/main/hosts/electron/main.ts', "export { storageFailure } from '../../core';")).toBe(0);
    expect(await probe('src/main/core/training.ts', "export { deflateSync } from 'node:zlib';")).toBe(0);
  });

  // What the typed rule does is typescript-eslint's to test (and `npm run lint` runs it on every
  // file); what is ours is that it is on, with type information, for every kind of source file.
  it('fails a promise nobody awaits or handles, in every kind of source file, with type information', async () => {
    const full = new ESLint({ cwd: root });
    for (const file of ['src/main/core/training.ts', 'src/renderer/store/ui.ts', 'src/renderer/App.tsx', 'test/core/db.test.ts']) {
      const config = (await full.calculateConfigForFile(at(file))) as {
        rules: Record<string, unknown[]>;
        languageOptions: { parserOptions: { projectService?: unknown } };
      };
      expect(config.rules['@typescript-eslint/no-floating-promises']?.[0], file).toBe(2);
      expect(config.languageOptions.parserOptions.projectService, file).toBeTruthy();
    }
  });
});
