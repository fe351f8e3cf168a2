import type { Page } from '@playwright/test';
import { expect, signInToSandbox, test } from './fixtures';
import { scanText } from './keyboards';

/** A scan as a USB scanner sends it: the code's keys in one burst, then Enter (keyboards.ts). */
const scan = (page: Page, code: string) => scanText(page, code);

test.describe('counting with a scanner', () => {
  test('scanner bursts count wherever focus is: known, unknown, misread and repeated codes, typed quantity', async ({ page, app }) => {
    await signInToSandbox(page, app);
    // A known product: learned from the service's packages or saved products; here saved directly.
    const { productsOf } = await import('../../src/main/core/catalog/products-repo');
    productsOf(app.core.ctx.workspace()).save({ sku: 'SKU-CIZIM', barcode: '8690345727803', name: 'Çizim Seti' }, 'saved');
    await scan(page, 'A-01'); // the shelf label opens the count
    await expect(page.getByRole('heading', { name: 'Counting A-01' })).toBeVisible();

    await scan(page, '8690345727803');
    await expect(page.getByTestId('last-scan')).toHaveAttribute('data-outcome', 'counted');
    await scan(page, '8690345727803');
    await expect(page.getByTestId('last-scan')).toContainText('+1 → 2');

    // Type 12 into the quantity field (slowly, a person), then scan: the code must not land in it.
    await page.getByTestId('next-quantity').click();
    await page.keyboard.type('12', { delay: 120 });
    await scan(page, '8690345727803');
    await expect(page.getByTestId('last-scan')).toContainText('+12 → 14');
    await expect(page.getByTestId('next-quantity')).toHaveValue('');

    await scan(page, '8690345727804');
    await expect(page.getByTestId('last-scan')).toHaveAttribute('data-outcome', 'misread');
    await expect(page.getByTestId('count-totals')).toContainText('14 units');

    await scan(page, '8690000000012');
    await expect(page.getByTestId('last-scan')).toHaveAttribute('data-outcome', 'unknown');
    await page.getByTestId('last-scan').getByRole('button', { name: 'Assign to SKU…' }).click();
    await page.getByTestId('last-scan').getByLabel('SKU this code belongs to').fill('SKU-CIZIM');
    await page.getByTestId('last-scan').getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('count-totals')).toContainText('15 units');
    // Remembered: the next scan of that code counts as SKU-CIZIM.
    await page.getByRole('heading', { name: 'Counting A-01' }).click();
    await scan(page, '8690000000012');
    await expect(page.getByTestId('last-scan')).toContainText('+1 → 16');

    await page.getByRole('button', { name: 'Review and send' }).click();
    await page.getByRole('button', { name: 'Send 1 quantity' }).click();
    await expect(page.getByTestId('push-item').first()).toHaveAttribute('data-state', 'sent');
    const stock = (await app.admin('inventory')) as { items: { sku: string; qty: number }[] };
    expect(stock.items).toEqual([{ storageCode: 'A-01', sku: 'SKU-CIZIM', qty: 16 }]);
  });

  test('a fast burst of 40 scans loses none', async ({ page, app }) => {
    await signInToSandbox(page, app);
    await page.getByRole('button', { name: 'A-01' }).click();
    for (let i = 0; i < 40; i++) await scan(page, `RAF-${String(i % 4).padStart(3, '0')}`);
    await expect(page.getByTestId('count-totals')).toContainText('40 units');
    await expect(page.getByTestId('count-totals')).toContainText('4 products');
  });
});
