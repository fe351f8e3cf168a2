import { intOption, parse } from '../args';
import { UsageError, type Command } from '../context';

export const sandboxCommand: Command = {
  name: 'sandbox',
  summary: 'cli:help.sandbox',
  usage: 'cli:usageOf.sandbox',
  async run(ctx, argv) {
    const { values } = parse(argv, {
      port: { type: 'string' },
      host: { type: 'string' },
      packages: { type: 'string' },
      returns: { type: 'string' },
      seed: { type: 'string' },
      prerender: { type: 'boolean' },
      user: { type: 'string' },
      password: { type: 'string' },
      'token-lifetime': { type: 'string' },
    });
    if (values.host && values.host !== '127.0.0.1') throw new UsageError('cli:usageErrors.sandboxLoopbackOnly');
    if ((values.user === undefined) !== (values.password === undefined)) throw new UsageError('cli:usageErrors.userWithPassword');
    const lifetime = intOption(values['token-lifetime'], 'token-lifetime', 1, 86_400 * 30);
    // Loaded here, not with every command: `wd lookup` does not read the sandbox and node:http.
    const { createSandbox } = await import('../../../sandbox/server');
    const sandbox = await createSandbox({
      port: intOption(values.port, 'port', 0, 65_535) ?? 0,
      packages: intOption(values.packages, 'packages', 0, 1_000_000),
      returns: intOption(values.returns, 'returns', 0, 1_000_000),
      seed: intOption(values.seed, 'seed', 0, 2 ** 31),
      prerender: values.prerender === true,
      users: values.user && values.password ? { [values.user]: values.password } : undefined,
      config: lifetime ? { tokenLifetimeSeconds: lifetime } : undefined,
    });
    ctx.print(ctx.t('cli:sandboxListening', { url: sandbox.url }), {
      url: sandbox.url,
      port: sandbox.port,
      users: Object.keys(sandbox.core.users),
    });
    if (!ctx.json)
      process.stderr.write(
        `${ctx.t('cli:sandboxUsers', {
          users: Object.entries(sandbox.core.users)
            .map(([u, p]) => `${u}/${p}`)
            .join(', '),
        })}\n`,
      );
    await new Promise<void>((resolve) => {
      const stop = () => resolve();
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
    await sandbox.close();
    return 0;
  },
};
