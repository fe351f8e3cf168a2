import pkg from '../../../../../package.json' with { type: 'json' };
import { intOption, parse } from '../args';
import { UsageError, type CliContext, type Command } from '../context';

const DEFAULT_PORT = 8740;

/** The database the hub uses: DATABASE_URL, else the PG* variables (node-postgres reads them), else none. */
function databaseOf(env: NodeJS.ProcessEnv): { url: string | undefined } | null {
  if (env.DATABASE_URL) return { url: env.DATABASE_URL };
  if (env.PGHOST || env.PGDATABASE || env.PGUSER || env.PGSERVICE) return { url: undefined };
  return null;
}

/** What PostgreSQL said, in a line (node-postgres errors carry a code; connection errors an errno). */
function reasonOf(e: unknown): string {
  if (e instanceof AggregateError && e.errors.length) return reasonOf(e.errors[0]);
  if (e instanceof Error) {
    const code = (e as { code?: string }).code;
    return code ? `${code}: ${e.message}` : e.message;
  }
  return String(e);
}

export const hubCommand: Command = {
  name: 'hub',
  summary: 'cli:help.hub',
  usage: 'cli:usageOf.hub',
  async run(ctx, argv) {
    const db = databaseOf(ctx.env);
    if (argv[0] === 'desk') return desk(ctx, argv.slice(1), db);
    const { values } = parse(argv, { host: { type: 'string' }, port: { type: 'string' } });
    if (!db) {
      process.stderr.write(`${ctx.t('cli:hubNoDatabase')}\n`);
      return 1;
    }
    // Loaded here, not with every command: the other commands never read pg and node:http.
    const [{ startHub }, { HubSchemaTooNew }, { hubServiceOf }] = await Promise.all([
      import('../../../hub/hub'),
      import('../../../hub/db'),
      import('../../../hub/config'),
    ]);
    // The service's address, user and password file come from the environment only (never the command line).
    const service = hubServiceOf(ctx.env);
    if (service && 'problem' in service) {
      process.stderr.write(`${ctx.t(`cli:hubService.${service.problem.kind}`, service.problem)}\n`);
      return 1;
    }
    const log = (event: string, fields: Record<string, unknown> = {}) =>
      process.stdout.write(`${JSON.stringify({ at: new Date().toISOString(), event, ...fields })}\n`);
    let hub;
    try {
      hub = await startHub({
        connectionString: db.url,
        host: values.host ?? '127.0.0.1',
        port: intOption(values.port, 'port', 0, 65_535) ?? DEFAULT_PORT,
        version: pkg.version,
        log,
        service: service?.config ?? null,
      });
    } catch (e) {
      if (e instanceof HubSchemaTooNew)
        process.stderr.write(`${ctx.t('cli:hubSchemaTooNew', { dbSchema: e.found, ourSchema: e.known })}\n`);
      else process.stderr.write(`${ctx.t('cli:hubDatabaseFailed', { reason: reasonOf(e) })}\n`);
      return 1;
    }
    process.stderr.write(`${ctx.t('cli:hubListening', { url: hub.url })}\n`);
    const c = service?.config;
    process.stderr.write(
      `${c ? ctx.t('cli:hubSyncing', { days: c.windowDays, url: c.omsUrl, user: c.userName, minutes: c.everyMs / 60_000 }) : ctx.t('cli:hubNotSyncing')}\n`,
    );
    await new Promise<void>((resolve) => {
      process.once('SIGINT', resolve);
      process.once('SIGTERM', resolve);
    });
    log('hub.stopping');
    await hub.close();
    return 0;
  },
};

async function desk(ctx: CliContext, argv: string[], db: { url: string | undefined } | null): Promise<number> {
  const [action, name, ...rest] = argv;
  if (rest.length || !(action === 'list' ? name === undefined : (action === 'add' || action === 'revoke') && name))
    throw new UsageError('cli:usageErrors.hubDeskAction');
  if (!db) {
    process.stderr.write(`${ctx.t('cli:hubNoDatabase')}\n`);
    return 1;
  }
  const [{ migrate, openPool }, desks] = await Promise.all([import('../../../hub/db'), import('../../../hub/desks')]);
  if (name !== undefined && !desks.DESK_NAME.test(name)) throw new UsageError('cli:usageErrors.hubDeskName');
  const pool = openPool(db.url, 2);
  try {
    await migrate(pool);
    if (action === 'add') {
      const token = await desks.addDesk(pool, name!);
      if (ctx.json) process.stdout.write(`${JSON.stringify({ desk: name, token })}\n`);
      else process.stdout.write(`${ctx.t('cli:hubDeskAdded', { name })}\n${token}\n`);
      return 0;
    }
    if (action === 'revoke') {
      const done = await desks.revokeDesk(pool, name!);
      process.stderr.write(`${ctx.t(done ? 'cli:hubDeskRevoked' : 'cli:hubDeskUnknown', { name })}\n`);
      return done ? 0 : 1;
    }
    const list = await desks.listDesks(pool);
    if (ctx.json) process.stdout.write(`${JSON.stringify(list)}\n`);
    else if (list.length === 0) process.stdout.write(`${ctx.t('cli:hubDeskNone')}\n`);
    else
      for (const d of list)
        process.stdout.write(
          `${ctx.t('cli:hubDeskLine', {
            name: d.name,
            created: ctx.time(d.createdAt),
            seen: d.lastSeenAt ? ctx.time(d.lastSeenAt) : ctx.t('cli:hubDeskNever'),
            revoked: d.revokedAt ? ctx.t('cli:hubDeskRevokedMark') : '',
          })}\n`,
        );
    return 0;
  } catch (e) {
    process.stderr.write(`${ctx.t('cli:hubDatabaseFailed', { reason: reasonOf(e) })}\n`);
    return 1;
  } finally {
    await pool.end().catch(() => undefined);
  }
}
