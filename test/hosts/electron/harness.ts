import { fork, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { tempDir } from '../../support/temp';

export const root = join(import.meta.dirname, '../../..');
export const mainBundle = join(root, 'out/main/index.js');
export const preloadBundle = join(root, 'out/preload/index.cjs');
const driver = join(import.meta.dirname, 'stand-in/driver.mjs');
const register = pathToFileURL(join(import.meta.dirname, 'stand-in/register.mjs')).href;

/** The Node build of better-sqlite3: under the stand-in, "Electron's ABI" is this Node's. */
export function nodeBinding(): string {
  const req = createRequire(join(root, 'package.json'));
  return join(dirname(req.resolve('better-sqlite3/package.json')), 'build', 'Release', 'better_sqlite3.node');
}

export interface Record {
  kind: string;
  [k: string]: unknown;
}

export interface LaunchOptions {
  packaged?: boolean;
  secondInstance?: boolean;
  /** Leave out the Electron build of better-sqlite3 (a broken install). */
  noNativeModule?: boolean;
  dataDir?: string;
  /** The operating system's language (app.getLocale()). */
  locale?: string;
  /** The window's page cannot be loaded (did-fail-load). */
  failLoad?: boolean;
}

/**
 * The built main bundle in a child process on the `electron` stand-in, as `electron .` would run
 * it: an app folder (for app.getAppPath) holding the native module where scripts/electron-native.mjs
 * puts it, or, packaged, resources/native.
 */
export class ElectronApp {
  readonly records: Record[] = [];
  exitCode: number | null = null;
  readonly exited: Promise<number | null>;
  private pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private seq = 0;
  private child: ChildProcess;
  private cleanups: (() => void)[] = [];
  readonly dataDir: string;
  readonly started: Promise<void>;

  constructor(opts: LaunchOptions = {}) {
    const appDir = tempDir('wd-electron-app-');
    this.cleanups.push(appDir.cleanup);
    let dataDir = opts.dataDir;
    if (!dataDir) {
      const d = tempDir('wd-electron-data-');
      this.cleanups.push(d.cleanup);
      dataDir = d.dir;
    }
    this.dataDir = dataDir;
    const resources = join(appDir.dir, 'resources');
    const nativeDir = opts.packaged
      ? join(resources, 'native')
      : join(appDir.dir, '.cache', 'native', `electron-45.4.1-${process.platform}-${process.arch}`);
    if (!opts.noNativeModule) {
      mkdirSync(nativeDir, { recursive: true });
      copyFileSync(nodeBinding(), join(nativeDir, 'better_sqlite3.node'));
    }
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      TMPDIR: process.env.TMPDIR,
      WD_STANDIN_APP_PATH: appDir.dir,
      WD_STANDIN_USER_DATA: dataDir,
      WD_STANDIN_RESOURCES: resources,
      WD_STANDIN_PACKAGED: opts.packaged ? '1' : '0',
      WD_STANDIN_SECOND_INSTANCE: opts.secondInstance ? '1' : '0',
      WD_STANDIN_LOCALE: opts.locale ?? 'en-US',
      WD_STANDIN_FAIL_LOAD: opts.failLoad ? '1' : '0',
    };
    this.child = fork(driver, [pathToFileURL(mainBundle).href], {
      execArgv: ['--import', register],
      env,
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    let stderr = '';
    this.child.stderr?.on('data', (d) => (stderr += String(d)));
    this.child.stdout?.resume();
    let started!: () => void;
    this.started = new Promise((r) => (started = r));
    this.exited = new Promise((resolve) => {
      this.child.on('exit', (code) => {
        this.exitCode = code;
        if (stderr) this.records.push({ kind: 'stderr', text: stderr });
        for (const p of this.pending.values()) p.reject(new Error(`the app exited (${code}) ${stderr}`));
        this.pending.clear();
        started();
        resolve(code);
      });
    });
    this.child.on('message', (m: { id?: number; ok?: boolean; value?: unknown; error?: string; record?: Record; started?: boolean }) => {
      if (m.record) this.records.push(m.record);
      if (m.started) started();
      if (m.id !== undefined) {
        const p = this.pending.get(m.id);
        this.pending.delete(m.id);
        if (m.ok) p?.resolve(m.value);
        else p?.reject(new Error(m.error));
      }
    });
  }

  op<T = unknown>(op: string, args?: unknown): Promise<T> {
    const id = ++this.seq;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.child.send({ id, op, args });
    });
  }

  /** Resolves once a record of that kind arrived (the app does its work after `ready`). */
  until(kind: string): Promise<Record> {
    const found = this.records.find((x) => x.kind === kind);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const onRecord = (r: Record) => {
        if (r.kind !== kind) return;
        this.child.off('message', onMessage);
        resolve(r);
      };
      const onMessage = (m: { record?: Record }) => m.record && onRecord(m.record);
      this.child.on('message', onMessage);
      void this.exited.then((code) => reject(new Error(`the app exited (${code}) before ${kind}: ${JSON.stringify(this.records)}`)));
    });
  }

  async close(): Promise<void> {
    if (this.exitCode === null) this.child.kill();
    await this.exited;
    for (const c of this.cleanups) c();
  }
}

export const built = () => existsSync(mainBundle) && existsSync(preloadBundle);
