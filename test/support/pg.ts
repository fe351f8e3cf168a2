import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A throwaway PostgreSQL cluster for one test run (the real server: Debian's `postgresql`, which
 * .ci/run installs; no mock, no PGlite). initdb refuses root, so as root the cluster belongs to
 * the `postgres` user (runuser). It listens on a Unix socket in its own temp folder only (no TCP
 * port), with fsync, synchronous commit and full-page writes off: a test run's data is thrown away.
 */
export interface TestCluster {
  /** `postgresql://…` for the cluster's `postgres` database (the socket folder as host). */
  url: string;
  /** The folder of the cluster's Unix socket. */
  socketDir: string;
  /** The URL of another database of the cluster. */
  database(name: string): string;
  stop(): void;
}

/** Where the server's programs are: PG_BIN, else Debian's newest /usr/lib/postgresql/N/bin, else PATH. */
export function pgBin(program: string): string {
  if (process.env.PG_BIN) return join(process.env.PG_BIN, program);
  const base = '/usr/lib/postgresql';
  if (existsSync(base)) {
    const versions = readdirSync(base)
      .filter((v) => existsSync(join(base, v, 'bin', program)))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return join(base, versions[0], 'bin', program);
  }
  return program;
}

export function startCluster(): TestCluster {
  const root = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), 'wd-pg-'));
  const data = join(dir, 'data');
  let owner: { uid: number; gid: number } | null = null;
  if (root) {
    owner = {
      uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim()),
      gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim()),
    };
    chownSync(dir, owner.uid, owner.gid);
  }
  const run = (program: string, args: string[]) => {
    const [cmd, argv] = root ? ['runuser', ['-u', 'postgres', '--', pgBin(program), ...args]] : [pgBin(program), args];
    const r = spawnSync(cmd, argv, { encoding: 'utf8', cwd: dir });
    if (r.status !== 0)
      throw new Error(
        `${program} failed (${r.status ?? r.error?.message}): ${r.stderr || r.stdout}\n` +
          'PostgreSQL is needed for the hub tests: apt-get install postgresql (bash .ci/run does).',
      );
  };
  run('initdb', ['-D', data, '-U', 'wd', '--auth=trust', '--no-sync', '--no-instructions', '-E', 'UTF8', '--locale=C.UTF-8']);
  const options = [
    `-k ${dir}`,
    "-c listen_addresses=''",
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=200',
  ].join(' ');
  run('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'server.log'), '-w', '-s', 'start']);
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    process.off('exit', stop);
    try {
      run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', '-s', 'stop']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  // A run that ends without its teardown (a failed set-up, Ctrl+C) leaves no server behind.
  process.once('exit', stop);
  const database = (name: string) => `postgresql://wd@/${name}?host=${encodeURIComponent(dir)}`;
  return {
    url: database('postgres'),
    socketDir: dir,
    database,
    stop,
  };
}
