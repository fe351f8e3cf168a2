import { spawn } from 'node:child_process';
import { join } from 'node:path';

const root = join(import.meta.dirname, '../..');

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the real `wd` entry point (tsx), as `npm run -s wd -- …` does. */
export function wd(dataDir: string, args: string[], opts: { env?: Record<string, string>; stdin?: string } = {}): Promise<CliRun> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'src/main/hosts/cli/bin.ts'), ...args], {
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

export const cliEntry = join(root, 'src/main/hosts/cli/bin.ts');
