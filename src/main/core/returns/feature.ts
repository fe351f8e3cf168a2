import type { Feature } from '../feature';
import { packagesOf } from '../packages/packages-repo';
import { trainingFile } from '../training';
import { returnsOf } from './returns-repo';

export const returnsFeature: Feature = {
  name: 'returns',
  handlers: (ctx) => {
    const user = () => ctx.session.state().user;
    /** The Returns desk scans: a sync meanwhile keeps its slices short (packages/sync.ts). */
    const scanned = () => {
      const ws = ctx.workspace();
      packagesOf(ws).noteScan(ctx.clock.now());
      return ws;
    };
    return {
      'returns.list': (input) => returnsOf(ctx.workspace()).list(input),
      'returns.scan': ({ code }) => returnsOf(scanned()).scan(code),
      'returns.get': ({ id }) => returnsOf(ctx.workspace()).get(id),
      'returns.carriers': () => returnsOf(ctx.workspace()).carriers(),
      'returns.save': (input) => returnsOf(ctx.workspace()).save(input, user()),
      'returns.scanItem': ({ id, code }) => returnsOf(scanned()).scanItem(id, code, user()),
      'returns.done': ({ id }) => returnsOf(ctx.workspace()).done(id, user()),
      'returns.reopen': ({ id }) => returnsOf(ctx.workspace()).reopen(id),
      'returns.ackChange': ({ id }) => {
        const repo = returnsOf(ctx.workspace());
        repo.ackChange(id);
        return repo.get(id);
      },
      'returns.export': (input) => {
        const { language, exportCodes } = ctx.settings.get();
        return trainingFile(ctx.workspace(), returnsOf(ctx.workspace()).exportCsv(input, { language, codes: exportCodes }));
      },
    };
  },
};
