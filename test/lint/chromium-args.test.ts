import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chromiumArgs, PLAYWRIGHT_DISABLED_FEATURES } from '../support/chromium-args';

/**
 * The end-to-end tests pass their own --disable-features (to turn off Chromium's address bar
 * WebUI renderers), which replaces the one Playwright passes: ours must repeat all of Playwright's,
 * or an update of Playwright silently turns some back on (PaintHolding changes when a page paints).
 */
describe('the end-to-end tests keep the features Playwright turns off', () => {
  it('repeats every feature in the list of the installed playwright-core', () => {
    const core = dirname(createRequire(import.meta.url).resolve('playwright-core/package.json'));
    const bundle = readFileSync(join(core, 'lib', 'coreBundle.js'), 'utf8');
    const list = /disabledFeatures = \[([\s\S]*?)\]/.exec(bundle);
    expect(list, 'disabledFeatures not found in playwright-core: see test/support/chromium-args.ts').not.toBeNull();
    const theirs = [...list![1]!.matchAll(/"([A-Za-z0-9]+)"/g)].map((m) => m[1]);
    expect(theirs.length).toBeGreaterThan(5);
    expect(theirs.filter((f) => !PLAYWRIGHT_DISABLED_FEATURES.includes(f!))).toEqual([]);
  });

  it('passes one --disable-features only (Chromium keeps the last)', () => {
    expect(chromiumArgs.filter((a) => a.startsWith('--disable-features=')).length).toBe(1);
  });
});
