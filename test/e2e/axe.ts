import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/** axe-core's own bundle, as @axe-core/playwright injects it. */
const source = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/**
 * axe-core's violations on the page as it is. The engine is put into the page once per page load
 * (evaluated through the DevTools protocol, which the app's CSP does not govern) and run there on
 * the whole document. @axe-core/playwright did the same but injected the 550 kB engine again at
 * every check and opened a page of its own for each result (1.0–1.7 s a check on two cores; this,
 * 0.2–0.4 s), and produced the passes and incomplete lists nobody read.
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(`${source}\n;0`);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, o: object): Promise<{ violations: AxeViolation[] }> } }).axe;
    const r = await axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) }));
  });
}
