import { join } from 'node:path';
import { expect, signInToSandbox, test } from './fixtures';

/** Issue 11.2: prices with decimals are typed key by key, as a person does, and read like the CSV import. */
test('2: a price typed as 399,90 or 249.90 stays as typed, is read as such, and 1.299 is asked about', async ({ page, app }) => {
  await signInToSandbox(page, app);
  await page.getByRole('navigation').getByRole('button', { name: 'Products' }).click();
  await page.getByRole('button', { name: 'New single product' }).click();
  await page.getByRole('button', { name: 'Add a price' }).click();
  const list = page.getByLabel('List price');
  const sale = page.getByLabel('Sale price');
  await list.click();
  await page.keyboard.type('399,90', { delay: 120 });
  await expect(list).toHaveValue('399,90');
  await sale.click();
  await expect(page.getByText('Read as 399.90')).toBeVisible();
  await page.keyboard.type('249.90', { delay: 120 });
  await expect(sale).toHaveValue('249.90');
  await list.click();
  await expect(page.getByText('Read as 249.90')).toBeVisible();
  const body = JSON.parse((await page.getByTestId('request-preview').textContent()) ?? 'null') as {
    Prices: { ListPrice: number; SalePrice: number }[];
  }[];
  expect(body[0]!.Prices[0]).toMatchObject({ ListPrice: 399.9, SalePrice: 249.9 });

  await sale.fill('');
  await sale.click();
  await page.keyboard.type('1.299', { delay: 120 });
  await list.click();
  await expect(page.getByText('“1.299” can be read two ways')).toBeVisible();
  // Sending is refused: focus goes to the first field with a problem (the empty SKU, above the
  // prices); the price is marked too.
  await page.getByRole('button', { name: /^Send/ }).click();
  await expect(page.getByLabel('SKU', { exact: true })).toBeFocused();
  await expect(sale).toHaveAttribute('aria-invalid', 'true');
  expect(await app.core.call('outbox.list', {})).toMatchObject({ ok: true, value: [] });
  await sale.fill('0');
  await list.click();
  await expect(page.getByText('The price is 0. Is that right?')).toBeVisible();
});

test('3: Excel’s Turkish CSV (Windows-1254) is read only after the worker checks its letters; never with broken letters', async ({
  page,
  app,
}) => {
  await signInToSandbox(page, app);
  await page.getByRole('navigation').getByRole('button', { name: 'Products' }).click();
  const file = join(import.meta.dirname, '../fixtures/products/single-windows-1254.csv');
  await page.getByLabel('File', { exact: true }).setInputFiles(file);
  const ask = page.getByTestId('encoding-confirm');
  await expect(ask).toContainText('single-windows-1254.csv is not saved as UTF-8');
  await expect(ask).toContainText('Çay Bardağı 6’lı');
  await expect(page.getByTestId('request-preview')).toHaveCount(0);
  // The question has the focus on its safe answer: Enter cancels, nothing is loaded.
  await expect(ask.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(ask).toHaveCount(0);
  await expect(page.getByTestId('request-preview')).toHaveCount(0);
  await page.getByLabel('File', { exact: true }).setInputFiles(file);
  await page.getByRole('button', { name: 'The letters are right: read it' }).click();
  await expect(page.getByTestId('request-preview')).toContainText('Çay Bardağı 6’lı');
  await expect(page.getByTestId('request-preview')).not.toContainText('\uFFFD');
});
