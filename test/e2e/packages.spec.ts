import { expect, signInToSandbox, test } from './fixtures';

// Spread over the last 25 days: all of them are inside the default sync window (30 days).
test.use({ sandboxOptions: { packages: 4_200, returns: 800, seed: 21, days: 25 } });

test('sync 5,000 packages, cut the network, find packages by every kind of code', async ({ page, app }) => {
  test.setTimeout(180_000);
  await signInToSandbox(page, app);
  await page.getByRole('navigation').getByRole('button', { name: 'Packages' }).click();
  await page.getByRole('button', { name: 'Sync now' }).click();
  await expect(page.getByTestId('last-sync')).toContainText('4200 orders and 800 returns', { timeout: 120_000 });

  // The network goes away: everything below comes from the cache.
  await app.admin('offline', { offline: true });
  const order = (await app.admin('packages/record?id=500123')) as Record<string, unknown> & {
    lines: { sku: string; barcode: string }[];
    parcels: { parcelBarcode: string }[];
  };
  const ret = (await app.admin('packages/record?id=900042')) as Record<string, unknown>;
  const search = page.getByRole('searchbox', { name: 'Search packages' });
  const codes: [string, string][] = [
    [order.orderNumber as string, 'order number'],
    ['500123', 'package id'],
    [order.sourcePackageId as string, 'source package id'],
    [order.cargoTrackingNumber as string, 'tracking number'],
    [order.cargoKey as string, 'cargo key'],
    [ret.cargoKey as string, 'return cargo key'],
  ];
  if (order.cargoBarcode) codes.push([order.cargoBarcode as string, 'cargo barcode']);
  for (const [code, what] of codes) {
    await search.fill(code);
    await search.press('Enter');
    await expect(page.getByTestId('result-count'), what).toContainText('exact code');
    // One match opens at once; an order number is shared by the order and its returns: pick it.
    const id = code === ret.cargoKey ? '900042' : '500123';
    if (!(await page.getByRole('article').isVisible())) {
      await page
        .getByTestId('package-list')
        .getByRole('listitem', { name: new RegExp(`^\\S+ ${id} `) })
        .click();
    }
    await expect(page.getByRole('article').getByText(id, { exact: true }).first(), what).toBeVisible();
  }
  // A SKU or a product barcode matches every package with that product.
  await search.fill(order.lines[0]!.barcode);
  await search.press('Enter');
  await expect(page.getByTestId('result-count')).toContainText('exact code');
  // A customer's name, Turkish-insensitively.
  await search.fill(`${order.customerFirstName as string} ${order.customerLastName as string}`.toLocaleLowerCase('tr-TR'));
  await expect(page.getByTestId('package-list').getByRole('listitem').first()).toBeVisible();
  // The connectivity probe notices the cut within a probe interval.
  await expect(page.getByTestId('offline-badge')).toBeVisible({ timeout: 30_000 });

  // The detail shows every section.
  await search.fill('500123');
  await search.press('Enter');
  const detail = page.getByRole('article');
  for (const section of [
    'Package',
    'Customer',
    'Shipping address',
    'Billing address',
    'Carrier',
    'Products',
    'Parcels',
    'Status history',
  ]) {
    await expect(detail.getByRole('region', { name: section, exact: true })).toBeVisible();
  }
  // The billing address's lines are not labelled as the shipping address.
  await expect(detail.getByRole('region', { name: 'Billing address', exact: true }).getByText('Shipping address')).toHaveCount(0);
  await expect(detail.getByRole('region', { name: 'Billing address', exact: true }).getByText('Address', { exact: true })).toBeVisible();
  await expect(detail.getByRole('region', { name: 'Carrier' }).getByRole('link', { name: 'Open tracking page' })).toHaveAttribute(
    'href',
    order.cargoTrackingLink as string,
  );
  await expect(detail.getByText(order.lines[0]!.sku).first()).toBeVisible();

  // The list's rows follow the language (their words are kept per language, not per row).
  await search.fill('');
  const firstRow = page.getByTestId('package-list').getByRole('listitem').first();
  await expect(firstRow).toContainText(/(Order|Return)/);
  await expect(firstRow).toContainText(/\d+ items?/);
  await page.getByRole('navigation').getByRole('button', { name: 'Settings' }).click();
  await page.getByLabel('Language').selectOption('tr');
  await page.getByRole('navigation').getByRole('button', { name: 'Paketler' }).click();
  const rowTr = page.getByTestId('package-list').getByRole('listitem').first();
  await expect(rowTr).toContainText(/(Sipariş|İade)/);
  await expect(rowTr).toContainText(/\d+ ürün/);
  await expect(rowTr).not.toContainText(/\d+ items?/);
});
