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

test('a worker reads a summary first, the exact body one click away; a refused send focuses the first problem field', async ({
  page,
  app,
}) => {
  await signInToSandbox(page, app);
  await page.getByRole('navigation').getByRole('button', { name: 'Products' }).click();
  await page.getByRole('button', { name: 'New single product' }).click();
  await page.getByLabel('SKU', { exact: true }).fill('CAY-6');
  await page.getByLabel('Barcode', { exact: true }).fill('8690000000011');
  await page.getByLabel('Model code').fill('CAY6');
  await page.getByLabel('Option code').fill('CAY6STD');
  await page.getByRole('button', { name: 'Add a price' }).click();
  await page.getByLabel('List price').fill('12,50');
  await page.getByLabel('Sale price').fill('abc');

  // The summary is what a worker sees; the JSON body is folded away.
  const summary = page.getByTestId('request-summary');
  await expect(summary).toContainText('One record goes to the product service (1 single product)');
  await expect(summary.getByTestId('summary-record')).toContainText('SKU: CAY-6');
  await expect(summary.getByTestId('summary-record')).toContainText('Barcode: 8690000000011');
  await expect(page.getByTestId('request-preview')).toBeHidden();
  await page.getByText('Show the exact request body (JSON)').click();
  await expect(page.getByTestId('request-preview')).toBeVisible();
  await expect(page.getByTestId('request-preview')).toContainText('"Sku": "CAY-6"');

  // Send is refused: the first problem field in the form (the barcode, above the price) gets focus,
  // marked invalid and described by its message.
  await page.getByRole('button', { name: 'Send 1 record' }).click();
  const barcode = page.getByLabel('Barcode', { exact: true });
  await expect(barcode).toBeFocused();
  await expect(barcode).toHaveAttribute('aria-invalid', 'true');
  await expect(barcode).toHaveAccessibleDescription(/The check digit of the EAN-13 barcode 8690000000011 is wrong/);
  await expect(page.getByLabel('Sale price')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('SKU', { exact: true })).not.toHaveAttribute('aria-invalid', 'true');
  expect(await app.core.call('outbox.list', {})).toMatchObject({ ok: true, value: [] });

  await barcode.fill('8690000000012');
  await page.getByLabel('Sale price').fill('9,90');
  await expect(barcode).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('summary-record')).toContainText('Sale price: 9.90 TRY');
});

test('New single product while a draft is open starts a draft of its own: the open one is kept as it was', async ({ page, app }) => {
  const drafts = async () =>
    (((await app.core.call('products.drafts', {})) as { value?: { name: string }[] }).value ?? []).map((d) => d.name).sort();
  await signInToSandbox(page, app);
  await page.getByRole('navigation').getByRole('button', { name: 'Products' }).click();
  await page.getByRole('button', { name: 'New single product' }).click();
  await page.getByLabel('Name of this change (shown in the history)').fill('Kalem');
  await page.getByLabel('SKU', { exact: true }).fill('KALEM-1');
  // At once (before the draft's save a moment later) a new product.
  await page.getByRole('button', { name: 'New single product' }).click();
  await expect(page.getByLabel('SKU', { exact: true })).toHaveValue('');
  await page.getByLabel('Name of this change (shown in the history)').fill('Silgi');
  await page.getByLabel('SKU', { exact: true }).fill('SILGI-1');
  // Closed at once too: what was typed last is kept.
  await page.getByRole('button', { name: 'Close the editor' }).click();
  await expect.poll(drafts).toEqual(['Kalem', 'Silgi']);
  await page.getByRole('button', { name: 'Open Kalem' }).click();
  await expect(page.getByLabel('SKU', { exact: true })).toHaveValue('KALEM-1');
  await page.getByRole('button', { name: 'Close the editor' }).click();
  await page.getByRole('button', { name: 'Open Silgi' }).click();
  await expect(page.getByLabel('SKU', { exact: true })).toHaveValue('SILGI-1');
});

test('New goes to the product’s name; New pressed again on an untouched product leaves no empty draft', async ({ page, app }) => {
  const drafts = async () =>
    (((await app.core.call('products.drafts', {})) as { value?: { name: string }[] }).value ?? []).map((d) => d.name).sort();
  await signInToSandbox(page, app);
  await page.getByRole('navigation').getByRole('button', { name: 'Products' }).click();
  const single = page.getByRole('button', { name: 'New single product' });
  const name = page.getByLabel('Name of this change (shown in the history)');
  await single.click();
  await expect(name).toBeFocused();
  await single.click();
  await page.getByRole('button', { name: 'New product with variants' }).click();
  await expect(name).toBeFocused();
  await page.getByRole('button', { name: 'Close the editor' }).click();
  await expect(page.getByText(/^No drafts\./)).toBeVisible();
  // Typed into: it is work, kept.
  await single.click();
  await name.fill('Defter');
  await page.getByRole('button', { name: 'Close the editor' }).click();
  await expect.poll(drafts).toEqual(['Defter']);
});

test('a product the service refused opens again to be fixed; sent fixed, the refused send is given up', async ({ page, app }) => {
  await signInToSandbox(page, app);
  await expect(page.getByRole('navigation')).toBeVisible();
  // The product service already has this barcode, on another SKU.
  const taken = withCheckDigit('869555000001');
  const other = {
    Main: { Model: 'ESKI1', Option: 'ESKI1', Sku: 'ESKI-1', Barcode: taken, Type: 4 },
    Name: [{ Value: 'Eski kalem', EntityListId: 4, Culture: 'std' }],
    Prices: [{ IsTransferable: false, EntityListId: 7, CurrencyId: 1, ListPrice: 10, SalePrice: 9, OperationType: 'upsert' }],
  };
  expect(await app.core.call('products.send', { records: [other], label: 'Eski kalem', source: 'cli' })).toMatchObject({
    ok: true,
    value: { ok: true },
  });
  await expect.poll(async () => JSON.stringify(await app.admin('products?companyId=1'))).toContain('ESKI-1');

  await page.getByRole('navigation').getByRole('button', { name: 'Products' }).click();
  await page.getByRole('button', { name: 'New single product' }).click();
  await page.getByLabel('Name of this change (shown in the history)').fill('Kalem kutusu');
  await page.getByLabel('SKU', { exact: true }).fill('KUTU-1');
  await page.getByLabel('Barcode', { exact: true }).fill(taken);
  await page.getByLabel('Model code').fill('KUTU1');
  await page.getByLabel('Option code').fill('KUTU1');
  await page.getByRole('button', { name: 'Add a price' }).click();
  await page.getByLabel('List price').fill('12,50');
  await page.getByLabel('Sale price').fill('9,90');
  await page.getByRole('button', { name: 'Send 1 record' }).click();
  const history = page.getByTestId('product-history');
  const refused = history.getByRole('listitem').filter({ hasText: 'Kalem kutusu' });
  await expect(refused).toHaveAttribute('data-state', 'failed');
  await expect(refused).toContainText('The service did not accept the data it was sent.');

  // Opened again: the product as it was sent, with why it was refused; a draft of its own.
  await page.getByRole('button', { name: 'Open Kalem kutusu to fix' }).click();
  await expect(page.getByLabel('SKU', { exact: true })).toHaveValue('KUTU-1');
  await expect(page.getByLabel('Barcode', { exact: true })).toHaveValue(taken);
  const note = page.getByTestId('fixing-note');
  await expect(note).toContainText('The product service refused “Kalem kutusu”');
  // The service's own words name what to fix.
  await expect(note.getByTestId('service-said')).toContainText(`Main.Barcode barcode_taken (barcode=${taken}, sku=ESKI-1)`);
  await expect
    .poll(async () => ((await app.core.call('products.drafts', {})) as { value: { name: string }[] }).value.map((d) => d.name))
    .toEqual(['Kalem kutusu']);

  const fixed = withCheckDigit('869555000002');
  await page.getByLabel('Barcode', { exact: true }).fill(fixed);
  await page.getByRole('button', { name: 'Send 1 record' }).click();
  await expect(page.getByTestId('send-result')).toBeVisible();
  // The fixed product is saved; the refused send is given up, not left to hold the product back.
  await expect.poll(async () => JSON.stringify(await app.admin(`products/by-code?code=${fixed}&companyId=1`))).toContain('KUTU-1');
  const rows = history.getByRole('listitem').filter({ hasText: 'Kalem kutusu' });
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toHaveAttribute('data-state', 'sent');
  await expect(rows.nth(1)).toHaveAttribute('data-state', 'cancelled');
  await expect(page.getByRole('button', { name: 'Open Kalem kutusu to fix' })).toHaveCount(0);
  expect(((await app.core.call('products.drafts', {})) as { value: unknown[] }).value).toEqual([]);
});

test('a single product with its model and option codes left empty shows, and sends, its SKU in both', async ({ page, app }) => {
  await signInToSandbox(page, app);
  await page.getByRole('navigation').getByRole('button', { name: 'Products' }).click();
  await page.getByRole('button', { name: 'New single product' }).click();
  await page.getByLabel('Name of this change (shown in the history)').fill('Kalem');
  await page.getByLabel('SKU', { exact: true }).fill('KALEM-1');
  await page.getByLabel('Barcode', { exact: true }).fill(withCheckDigit('869000000001'));
  await expect(page.getByLabel('Model code')).toHaveAttribute('placeholder', 'KALEM-1');
  await expect(page.getByLabel('Model code')).toHaveAccessibleDescription('Left empty, the model and option codes are the SKU.');
  const body = JSON.parse((await page.getByTestId('request-preview').textContent()) ?? '[]') as { Main: Record<string, unknown> }[];
  expect(body[0]!.Main).toMatchObject({ Model: 'KALEM-1', Option: 'KALEM-1', Sku: 'KALEM-1', Type: 4 });
  await page.getByRole('button', { name: 'Send 1 record' }).click();
  await expect(page.getByTestId('product-history').locator('[data-state="sent"]')).toHaveCount(1);
  expect(JSON.stringify(await app.admin('products?companyId=1'))).toContain('"Model":"KALEM-1"');
});
