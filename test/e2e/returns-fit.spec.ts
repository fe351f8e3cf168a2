import { resources } from '../../src/shared/i18n';
import { expect, signInToSandbox, test } from './fixtures';
import { scanAtWindow } from './keyboards';

test.use({ sandboxOptions: { packages: 10, returns: 5, seed: 31, days: 20 }, viewport: { width: 1024, height: 768 } });

type Rec = { id: number; cargoTrackingNumber: string; lines: { barcode: string; itemLines: unknown[] }[] };

for (const language of ['tr', 'en'] as const) {
  test.describe(`${language} 1024×768`, () => {
    test.use({ language });

    test('a scanned item’s line is in view above the Complete-inspection bar; the list row shows the whole tracking number', async ({
      page,
      app,
    }) => {
      const L = resources[language];
      const r = (await app.admin('packages/record?id=900000')) as Rec;
      await signInToSandbox(page, app, ['A-01'], language);
      await page.getByRole('navigation').getByRole('button', { name: L.common.nav.packages, exact: true }).click();
      await page.getByRole('button', { name: L.packages.sync.now }).click();
      await expect(page.getByTestId('last-sync')).toContainText('5');
      await page.getByRole('navigation').getByRole('button', { name: L.common.nav.returns, exact: true }).click();
      await scanAtWindow(page, r.cargoTrackingNumber);
      const lines = page.getByTestId('inspection-line');
      await expect(lines.first()).toBeAttached();

      await scanAtWindow(page, r.lines[0]!.barcode);
      // The first item line is the scanned one.
      const scanned = lines.first();
      await expect(scanned.getByRole('textbox').first()).toHaveValue('1');
      // Drawn where the worker looks: below the table's head and above the sticky bar, whole.
      await expect
        .poll(async () => {
          const line = (await scanned.boundingBox())!;
          const bar = (await page.locator('.inspection .sticky-actions').boundingBox())!;
          const head = (await page.locator('.inspection-table thead').boundingBox())!;
          const pane = (await page.locator('.packages-right').boundingBox())!;
          return line.y >= pane.y && line.y >= head.y + head.height - 1 && line.y + line.height <= bar.y + 1;
        })
        .toBe(true);

      // The open return's row (two pills now: its decision, inspection under way): the tracking number whole.
      const row = page.getByTestId('return-list').getByRole('listitem').filter({ hasText: String(r.id) });
      const code = row.locator('.package-row-sub .code');
      await expect(code).toHaveText(r.cargoTrackingNumber);
      const fits = await code.evaluate((el) => {
        const box = el.getBoundingClientRect();
        const rowBox = el.closest('[role="listitem"]')!.getBoundingClientRect();
        return el.scrollWidth <= el.clientWidth && box.right <= rowBox.right && box.width > 0;
      });
      expect(fits).toBe(true);

      // A wrong item the catalogue knows: its name, said to be not in this return, in view.
      const { productsOf } = await import('../../src/main/core/catalog/products-repo');
      productsOf(app.core.ctx.workspace()).save({ sku: 'KREM-50', barcode: '9506000134352', name: 'Nemlendirici Krem' }, 'saved');
      await scanAtWindow(page, '9506000134352');
      const wrong = lines.last();
      await expect(wrong).toContainText(L.returns.inspect.extra);
      await expect(wrong.locator('strong')).toHaveText('Nemlendirici Krem');
      await expect(wrong).toContainText('KREM-50');
      await expect(wrong).toBeInViewport();
    });
  });
}
