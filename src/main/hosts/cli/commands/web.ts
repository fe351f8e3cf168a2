import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCore } from '../../../core';
import { fileLogger } from '../../../core/log';
import { sandboxTrainingService } from '../../training';
import { intOption, parse } from '../args';
import { CLI_PAGE_READER, UsageError, type Command } from '../context';
import { baselineWasmOnly } from '../wasm-baseline';

// The built renderer next to the built CLI (out/cli/wd.js → out/renderer), or, run from the
// sources (src/main/hosts/cli/commands), the repository's out/renderer.
const here = dirname(fileURLToPath(import.meta.url));
const defaultRendererDir =
  [join(here, '../renderer'), join(here, '../../../../../out/renderer')].find((d) => existsSync(d)) ?? join(here, '../renderer');

export const webCommand: Command = {
  name: 'web',
  summary: 'cli:help.web',
  usage: 'cli:usageOf.web',
  async run(ctx, argv) {
    const { values } = parse(argv, { port: { type: 'string' }, renderer: { type: 'string' }, host: { type: 'string' } });
    if (values.host && values.host !== '127.0.0.1') throw new UsageError('cli:usageErrors.webLoopbackOnly');
    // Outbox trouble (an answer the database could not take …) and request failures land in
    // <data dir>/logs/web.log as well as on stderr.
    const log = fileLogger(join(ctx.dataDir, 'logs', 'web.log'));
    const core = createCore({
      dataDir: ctx.dataDir,
      host: 'web',
      log,
      pageReader: CLI_PAGE_READER,
      beforeHttpClient: baselineWasmOnly,
      trainingService: sandboxTrainingService,
    });
    // Loaded here, not with every command (node:http and the host's routes).
    const { startWebHost } = await import('../../web/server');
    const host = await startWebHost({
      core,
      log,
      rendererDir: values.renderer ?? defaultRendererDir,
      port: intOption(values.port, 'port', 0, 65_535) ?? 0,
    });
    // The one-time address: only whoever reads this output (the user who started it) can open the app.
    ctx.print(ctx.t('cli:webListening', { url: host.openUrl }), { url: host.openUrl, origin: host.url });
    await new Promise<void>((resolve) => {
      process.once('SIGINT', () => resolve());
      process.once('SIGTERM', () => resolve());
    });
    await host.close();
    await core.close();
    return 0;
  },
};
