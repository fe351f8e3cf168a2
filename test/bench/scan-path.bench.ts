/**
 * The core scan path: resolve the code, append the event, update the line and the session totals,
 * commit (WAL, synchronous=FULL: the fsync is included). Measured with 10,000 lines already in the
 * count, as a long count of a big storage code would have. Target: p99 under 5 ms.
 */
import { productsOf } from '../../src/main/core/catalog/products-repo';
import { countsOf } from '../../src/main/core/counts/counts-repo';
import { withCheckDigit } from '../../src/shared/barcode/gtin';
import { rig } from '../support/core';
import { ms, percentile, report } from './stats';

export async function scanPathBench(): Promise<void> {
  const t = await rig();
  try {
    await t.signIn();
    const ws = t.core.ctx.workspace();
    const products = productsOf(ws);
    const barcodes: string[] = [];
    ws.db.transaction(() => {
      for (let i = 0; i < 12_000; i++) {
        const barcode = withCheckDigit(`869${String(i).padStart(9, '0')}`);
        barcodes.push(barcode);
        products.save({ sku: `SKU-${i}`, barcode, name: `Ürün ${i}` }, 'saved');
      }
    })();
    const counts = countsOf(ws);
    const session = counts.open('BENCH-01', { userName: 'demo', station: 'BENCH' }).session.id;
    // 10,000 distinct lines first (one committed scan each).
    for (let i = 0; i < 10_000; i++) counts.scan({ sessionId: session, code: barcodes[i]!, quantity: 1 });

    const samples: number[] = [];
    const N = 3_000;
    for (let i = 0; i < N; i++) {
      // A mix: mostly repeats of existing lines, some new lines, some SKU scans.
      const code = i % 10 === 0 ? barcodes[10_000 + (i % 2_000)]! : i % 7 === 0 ? `SKU-${i % 10_000}` : barcodes[(i * 7919) % 10_000]!;
      const t0 = performance.now();
      counts.scan({ sessionId: session, code, quantity: 1 });
      samples.push(performance.now() - t0);
    }
    const detail = counts.session(session);
    report('core scan path (10,000 lines in the count, committed with synchronous=FULL)', [
      ['scans measured', N],
      ['lines in the count', detail.lineCount],
      ['p50', ms(percentile(samples, 50))],
      ['p99', ms(percentile(samples, 99))],
      ['max', ms(Math.max(...samples))],
      ['target', 'p99 < 5 ms'],
    ]);
  } finally {
    await t.close();
  }
}
