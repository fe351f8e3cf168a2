/**
 * End to end in Chromium through the web host: scanner bursts (13 characters, 5 ms per character,
 * then Enter) as fast as one scanner can send them, aiming at 20 scans a second, for a minute.
 * Measures the time from Enter to the updated total on screen (p50/p95) and counts lost scans.
 * Targets: no scan lost; p95 under 50 ms.
 */
import { join } from 'node:path';
import { productsOf } from '../../src/main/core/catalog/products-repo';
import { createCore } from '../../src/main/core';
import { startWebHost } from '../../src/main/hosts/web/server';
import { createSandbox } from '../../src/main/sandbox/server';
import { withCheckDigit } from '../../src/shared/barcode/gtin';
import { tempDir } from '../support/temp';
import { ms, percentile, report } from './stats';
import { launchBenchBrowser } from './browser';

/** Runs in the page: dispatches the bursts and records Enter and screen-update times. */
const DRIVER = `async ({ codes, seconds }) => {
  const totals = document.querySelector('[data-testid="count-totals"]');
  const updates = new Map();
  new MutationObserver(() => {
    const m = /(\\d+) units?/.exec(totals.textContent || '');
    const n = m ? Number(m[1]) : NaN;
    if (Number.isFinite(n) && !updates.has(n)) updates.set(n, performance.now());
  }).observe(totals, { childList: true, subtree: true, characterData: true });
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  const key = (ch) => window.dispatchEvent(new KeyboardEvent('keydown', { key: ch, code: /\\d/.test(ch) ? 'Digit' + ch : 'Enter', bubbles: true, cancelable: true }));
  const enters = [];
  const start = performance.now();
  let i = 0;
  while (performance.now() - start < seconds * 1000) {
    const begin = performance.now();
    for (const ch of codes[i % codes.length]) { key(ch); await sleep(5); }
    enters.push(performance.now());
    key('Enter');
    i += 1;
    // Aim at one scan every 50 ms (20 a second); a burst itself takes longer, so go on at once.
    const wait = 50 - (performance.now() - begin);
    if (wait > 0) await sleep(wait);
  }
  const elapsed = performance.now() - start;
  const deadline = performance.now() + 10000;
  while (!updates.has(enters.length) && performance.now() < deadline) await sleep(20);
  const latencies = enters.map((t, k) => (updates.has(k + 1) ? updates.get(k + 1) - t : NaN)).filter((x) => Number.isFinite(x));
  const m = /(\\d+) units?/.exec(totals.textContent || '');
  return { sent: enters.length, elapsed, latencies, shown: m ? Number(m[1]) : 0 };
}`;

export async function scanE2eBench(): Promise<void> {
  const seconds = Number(process.env.WD_BENCH_SCAN_SECONDS ?? 60);
  const sandbox = await createSandbox();
  const { dir, cleanup } = tempDir();
  const core = createCore({ dataDir: dir, host: 'web', log: () => undefined });
  await core.call('settings.update', { language: 'en', scanner: { sound: false } });
  const host = await startWebHost({ core, rendererDir: join(import.meta.dirname, '../../out/renderer') });
  const browser = await launchBenchBrowser();
  try {
    const p = await core.call('profiles.save', {
      name: 'Bench',
      omsUrl: sandbox.url,
      pimUrl: sandbox.url,
      companyId: 1,
      storageCodes: ['BENCH'],
    });
    if (!p.ok) throw new Error(p.error.message);
    const codes: string[] = [];
    const page = await browser.newPage();
    await page.goto(host.openUrl);
    await page.getByLabel('User name', { exact: true }).fill('demo');
    await page.getByLabel('Password', { exact: true }).fill('demo1234');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('navigation').waitFor();
    const ws = core.ctx.workspace();
    ws.db.transaction(() => {
      for (let i = 0; i < 200; i++) {
        const barcode = withCheckDigit(`869${String(5_000_000 + i).padStart(9, '0')}`);
        codes.push(barcode);
        productsOf(ws).save({ sku: `B-${i}`, barcode, name: `Ürün ${i}` }, 'saved');
      }
    })();
    await page.getByRole('button', { name: 'BENCH' }).click();
    await page.getByTestId('count-totals').waitFor();

    // Plain JavaScript text: tsx's helpers (__name) do not exist inside the page.
    const result = await page.evaluate<{
      sent: number;
      elapsed: number;
      latencies: number[];
      shown: number;
    }>(`(${DRIVER})(${JSON.stringify({ codes, seconds })})`);
    const stored = (ws.db.prepare("SELECT count(*) AS n FROM scan_events WHERE kind = 'scan'").get() as { n: number }).n;
    report(`scanner bursts end to end (Chromium, web host), ${seconds} s`, [
      [
        'scans sent',
        `${result.sent} (${((result.sent / result.elapsed) * 1000).toFixed(1)} per second; one burst of 13 × 5 ms takes ~65 ms)`,
      ],
      ['scans stored / shown', `${stored} / ${result.shown}`],
      ['lost', String(result.sent - stored)],
      ['Enter → total on screen p50', ms(percentile(result.latencies, 50))],
      ['Enter → total on screen p95', ms(percentile(result.latencies, 95))],
      ['samples (updates observed)', String(result.latencies.length)],
      ['targets', 'none lost; p95 < 50 ms'],
    ]);
  } finally {
    await browser.close();
    await host.close();
    await core.close();
    await sandbox.close();
    cleanup();
  }
}
