import { hostname } from 'node:os';
import { shelfOf } from '../../../shared/domain/settings';
import { productsOf } from '../catalog/products-repo';
import { AppError } from '../errors';
import type { Feature } from '../feature';
import { outboxOf } from '../outbox/outbox';
import { countsOf, type CountsRepo } from './counts-repo';
import { exportCsv, push, review } from './push';
import { trainingFile } from '../training';
import { interpretScan } from '../../../shared/gs1/scan-intent';
import { refreshPackages } from './refresh';

/** This PC on counts: the station name of the settings, else the computer's host name. */
export const stationOf = (stationName: string) => stationName.trim() || hostname();

export const countsFeature: Feature = {
  name: 'counts',
  handlers: (ctx) => {
    /** An edit from a window: refused once another window took the count over (holds.ts). */
    const held = <T>(sessionId: number, holder: string | undefined, fn: (counts: CountsRepo) => T): T => {
      const counts = countsOf(ctx.workspace());
      return counts.asHolder(sessionId, holder, () => fn(counts));
    };
    return {
      'counts.open': ({ storageCode, holder, takeOver }) => {
        const ws = ctx.workspace();
        const shelf = shelfOf(storageCode, ws.profile.storageCodes);
        // A product's barcode (or SKU) scanned into the storage code's place is not a shelf: counting
        // "8690010007360" would send quantities under a storage code that does not exist.
        if (!ws.profile.storageCodes.includes(shelf)) {
          const product = productsOf(ws).resolve(shelf);
          if (product && product.via !== 'alias')
            throw new AppError('invalid_input', `${shelf} is the ${product.via} of ${product.sku}, not a storage code`, {
              reason: 'storage_code_is_product',
              code: shelf,
              sku: product.sku,
              name: product.name ?? product.sku,
            });
        }
        const opened = countsOf(ws).open(
          shelf,
          { userName: ctx.session.state().user, station: stationOf(ctx.settings.get().stationName) },
          { holder, takeOver },
        );
        // Another window showing this count no longer holds it: it shows what is stored and why.
        if (holder) ctx.bus.emit('counts.held', { sessionId: opened.session.id, storageCode: opened.session.storageCode, holder });
        return opened;
      },
      'counts.options': () => countsOf(ctx.workspace()).options(),
      'counts.setOptions': (patch) => countsOf(ctx.workspace()).setOptions(patch),
      'counts.release': ({ sessionId, holder }) => countsOf(ctx.workspace()).release(sessionId, holder),
      'counts.get': ({ sessionId }) => countsOf(ctx.workspace()).detail(sessionId),
      'counts.scan': (input) => {
        const settings = ctx.settings.get();
        const ws = ctx.workspace();
        // A shelf's label is never an item: the label of the storage code being counted (scanned
        // again to be sure) was a line of one unknown unit, and "count it as its own SKU" sent a SKU
        // "A-01" to the service. A product that carries the same code as its SKU or barcode wins.
        const counting = countsOf(ws).session(input.sessionId).storageCode;
        // Without the symbology identifier a scanner may put before it (`]C0A-01`), as a count opens;
        // only such a code is read twice (the scan reads every code itself).
        const read = input.code.startsWith(']') ? interpretScan(input.code, { gsSubstitute: settings.scanner.gsSubstitute }) : null;
        const shelf = shelfOf(read?.kind === 'plain' ? read.code : input.code, [...ws.profile.storageCodes, counting]);
        if ((shelf === counting || ws.profile.storageCodes.includes(shelf)) && !productsOf(ws).resolve(shelf))
          throw new AppError('invalid_input', `${shelf} is a storage code's label, not a product`, {
            reason: 'storage_code_scanned',
            code: shelf,
            storageCode: counting,
          });
        const { holder, ...scan } = input;
        return countsOf(ws).asHolder(input.sessionId, holder, () =>
          countsOf(ws).scan({
            ...scan,
            gsSubstitute: settings.scanner.gsSubstitute,
            station: stationOf(settings.stationName),
          }),
        );
      },
      'counts.recountSet': ({ sessionId, sku, quantity, holder }) =>
        held(sessionId, holder, (counts) => counts.recountSet(sessionId, sku, quantity)),
      'counts.chooseRecount': ({ sessionId, sku, choice }) => countsOf(ctx.workspace()).chooseRecount(sessionId, sku, choice),
      'counts.chooseMovement': ({ sessionId, sku, choice }) => countsOf(ctx.workspace()).chooseMovement(sessionId, sku, choice),
      'counts.setLine': ({ sessionId, sku, quantity, holder }) =>
        held(sessionId, holder, (counts) => counts.setLine(sessionId, sku, quantity)),
      'counts.removeLine': ({ sessionId, sku, holder }) => held(sessionId, holder, (counts) => counts.removeLine(sessionId, sku)),
      'counts.undo': ({ sessionId, steps, holder }) => held(sessionId, holder, (counts) => counts.undo(sessionId, steps)),
      'counts.assign': ({ sessionId, code, sku, own, confirmed, holder }) => {
        if (!sku && !own) throw new AppError('invalid_input', 'give the SKU this code means, or own: true', { reason: 'assign_needs_sku' });
        return held(sessionId, holder, (counts) => counts.assign(sessionId, code, own ? null : (sku ?? null), confirmed));
      },
      'counts.review': async ({ sessionId, zeroMissing, refresh }) => {
        const ws = ctx.workspace();
        // Stock that moved is known from package statuses: a sync first, when the service answers.
        const movements = refresh ? await refreshPackages(ws, ctx) : undefined;
        return { ...review(ws, sessionId, zeroMissing), ...(movements ? { movements } : {}) };
      },
      'counts.push': ({ sessionId, zeroMissing, confirmed, holder }) => {
        // Checked in the same turn as the push (synchronous): a window whose count was taken over
        // neither sends it nor closes it under the window counting it now.
        held(sessionId, holder, () => undefined);
        return push(ctx.workspace(), ctx, sessionId, zeroMissing, confirmed);
      },
      'counts.discard': ({ sessionId, holder }) => {
        const counts = countsOf(ctx.workspace());
        held(sessionId, holder, () => undefined);
        counts.requireOpen(sessionId);
        counts.setState(sessionId, 'discarded');
        return counts.session(sessionId);
      },
      'counts.history': ({ storageCode, limit }) => countsOf(ctx.workspace()).history(storageCode ?? null, limit),
      'counts.pushStatus': ({ sessionId }) => outboxOf(ctx.workspace(), ctx).list({ ref: `count:${sessionId}`, limit: 1000 }),
      'counts.export': ({ sessionId, timeZone }) => {
        const { language, exportCodes } = ctx.settings.get();
        return trainingFile(ctx.workspace(), exportCsv(ctx.workspace(), sessionId, timeZone, { language, codes: exportCodes }));
      },
    };
  },
};
