import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { resources } from '../../src/shared/i18n';
import { expect, signInToSandbox, test } from './fixtures';

test.use({ viewport: { width: 1024, height: 768 } });

const pkg = JSON.parse(readFileSync(join(import.meta.dirname, '../../package.json'), 'utf8')) as { version: string };

for (const language of ['tr', 'en'] as const) {
  test(`${language}: About says the released version; the brand is one line at 1024×768`, async ({ page, app }) => {
    const L = resources[language];
    await app.core.call('settings.update', { language });
    await signInToSandbox(page, app, ['A-01'], language);
    const brand = page.locator('.brand');
    await expect(brand).toHaveText(L.common.appName);
    // One box per line the text is laid out on.
    const lines = await brand.evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top))).size;
    });
    expect(lines).toBe(1);
    await page.getByRole('navigation').getByRole('button', { name: L.common.nav.settings, exact: true }).click();
    await expect(page.getByText(L.settings.about.version.replace('{{version}}', pkg.version), { exact: true })).toBeVisible();
    expect(pkg.version).toBe('0.1.0');
  });
}
