import { parse } from '../args';
import { call, type Command } from '../context';

/**
 * `wd set-aside`: the damaged workspaces that were set aside (moved, kept, their unsent writes and
 * open counts exported) and that nobody has acknowledged; `--acknowledge` once they are dealt
 * with. Until then every command says so (main.ts) and so does the app.
 */
export const setAsideCommand: Command = {
  name: 'set-aside',
  summary: 'cli:help.set-aside',
  usage: 'cli:usageOf.set-aside',
  async run(ctx, argv) {
    const { values } = parse(argv, { acknowledge: { type: 'boolean' } });
    const core = ctx.core();
    const list = await call(core.call('app.setAside', {}));
    if (values.acknowledge) {
      const { acknowledged } = await call(core.call('app.acknowledgeSetAside', {}));
      ctx.print(ctx.t('cli:setAsideAcknowledged', { count: acknowledged }), { acknowledged, setAside: list });
      return 0;
    }
    if (ctx.json) {
      ctx.print('', { setAside: list });
      return 0;
    }
    if (list.length === 0) {
      ctx.print(ctx.t('cli:setAsideNone'));
      return 0;
    }
    ctx.print(
      list
        .map((s) =>
          ctx.t(s.exported ? 'cli:setAsideLine' : 'cli:setAsideLineUnread', {
            name: s.profileName ?? s.profileId,
            when: ctx.time(s.setAsideAt),
            movedTo: s.movedTo,
            exported: s.exported ?? '',
            unsent: s.unsentWrites,
            counts: s.openCounts,
          }),
        )
        .join('\n'),
    );
    return 0;
  },
};
