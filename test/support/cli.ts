import { spawn } from 'node:child_process';
import { join } from 'node:path';

const root = join(import.meta.dirname, '../..');

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * The built `wd` (what package.json `bin` runs: `out/cli/wd.js`), which the node tests' global
 * set-up builds before any test runs (test/support/build-cli.ts). A start of the built CLI costs
 * 0.25–0.45 s; the same command through tsx 1.5–2.1 s, most of it compiling TypeScript.
 */
export const cliEntry = join(root, 'out/cli/wd.js');

/** The sources' entry point (`npm run -s wd -- …` runs it through tsx): one smoke test and the benchmarks. */
export const sourceEntry = join(root, 'src/main/hosts/cli/bin.ts');

/** Node's arguments that start `wd` with `args` (the built CLI; `source`: through tsx). */
export const wdArgs = (args: string[], opts: { source?: boolean } = {}): string[] =>
  opts.source ? ['--import', 'tsx', sourceEntry, ...args] : [cliEntry, ...args];

/** Runs the real `wd` (the built CLI unless `source`) on `dataDir`, in English, with no password in the environment. */
export function wd(
  dataDir: string,
  args: string[],
  opts: { env?: Record<string, string>; stdin?: string; source?: boolean } = {},
): Promise<CliRun> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, wdArgs(args, opts), {
      cwd: root,
      env: { ...process.env, WD_DATA_DIR: dataDir, WD_LANG: 'en', WD_PASSWORD: '', ...opts.env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stdin.end(opts.stdin ?? '');
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}
