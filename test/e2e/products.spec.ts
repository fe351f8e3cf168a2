import { withCheckDigit } from '../../src/shared/barcode/gtin';
import { expect, signInToSandbox, test } from './fixtures';

test('build a model with 2 colours × 3 sizes in the editor, send it, and read it back from the sandbox', async ({ page, app }) => {
  await signInToSandbox(page, app);
  await page.getByRole('navigation').getByRole('button', { name: 'Products' }).click();
  await page.getByRole('button', { name: 'New product with variants' }).click();
  await page.getByLabel('Name of this change (shown in the history)').fill('Yeni tişört');
  await page.getByLabel('Model code').fill('TISORT7');
  const barcodes: string[] = [];
  for (const [ci, colour] of ['TISORT7SIYAH', 'TISORT7BEYAZ'].entries()) {
    await page.getByLabel('New option (e.g. a colour)').fill(colour);
    await page.getByRole('button', { name: 'Add option' }).click();
    const card = page.getByRole('region', { name: `Option ${colour}` });
    await card
      .getByLabel('Standard')
      .first()
      .fill(`Tişört ${colour.slice(7)}`);
    await card.getByRole('button', { name: 'Add a price' }).click();
    await card.getByLabel('List price').fill('299,90');
    await card.getByLabel('Sale price').fill('249,90');
    await card.getByRole('button', { name: 'Add an attribute' }).click();
    await card.getByLabel('Value').fill(ci === 0 ? 'Siyah' : 'Beyaz');
    await card.getByLabel(`Sizes to add to ${colour}`).fill('S M L');
    await card.getByRole('button', { name: 'Add sizes' }).click();
    for (const [si, size] of ['S', 'M', 'L'].entries()) {
      const barcode = withCheckDigit(`8697777${ci}${si}000`);
      barcodes.push(barcode);
      await card.getByLabel(`Barcode of ${colour} ${size}`).fill(barcode);
    }
  }
  await expect(page.getByTestId('product-problems')).toHaveCount(0);
  const body = JSON.parse((await page.getByTestId('request-preview').textContent()) ?? '[]') as { Main: { Type: number; Sku?: string } }[];
  expect(body.map((r) => r.Main.Type)).toEqual([1, 2, 3, 3, 3, 2, 3, 3, 3]);
  await page.getByRole('button', { name: 'Send 9 records' }).click();
  await expect(page.getByTestId('send-result')).toContainText('9 records are in the outbox');
  await expect(page.getByTestId('product-history').locator('[data-state="sent"]')).toHaveCount(1);

  // Read it back from the sandbox: the model, both options, the six variants; barcodes resolve.
  const saved = JSON.stringify(await app.admin('products?companyId=1'));
  for (const sku of ['TISORT7SIYAHS', 'TISORT7SIYAHM', 'TISORT7SIYAHL', 'TISORT7BEYAZS', 'TISORT7BEYAZM', 'TISORT7BEYAZL'])
    expect(saved).toContain(sku);
  const hit = (await app.admin(`products/by-code?code=${barcodes[4]}&companyId=1`)) as Record<string, unknown>;
  expect(JSON.stringify(hit)).toContain('TISORT7BEYAZM');
});

test('an unfinished product survives a restart as a draft', async ({ page, app }) => {
  await signInToSandbox(page, app);
  await page.getByRole('navigation').getByRole('button', { name: 'Products' }).click();
  await page.getByRole('button', { name: 'New single product' }).click();
  await page.getByLabel('Name of this change (shown in the history)').fill('Yarım kalan kalem');
  await page.getByLabel('SKU').fill('KALEM-9');
  await page.getByLabel('Standard').first().fill('Kurşun kalem');
  await expect
    .poll(async () => ((await app.core.call('products.drafts', {})) as { ok: boolean; value?: unknown[] }).value?.length ?? 0)
    .toBe(1);
  await app.restart();
  await page.getByLabel('User name', { exact: true }).fill('demo');
  await page.getByLabel('Password', { exact: true }).fill('demo1234');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('navigation').getByRole('button', { name: 'Products' }).click();
  await page.getByRole('button', { name: 'Open Yarım kalan kalem' }).click();
  await expect(page.getByLabel('SKU')).toHaveValue('KALEM-9');
  await expect(page.getByLabel('Standard').first()).toHaveValue('Kurşun kalem');
});
