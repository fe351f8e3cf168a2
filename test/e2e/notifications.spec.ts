import { expect, signInToSandbox, test, unlockAdmin } from './fixtures';

test.use({ sandboxOptions: { packages: 40, returns: 10, seed: 12, days: 20 } });

test('a notification from the service updates the open package and the list live, with a toast', async ({ page, app }) => {
  await signInToSandbox(page, app);
  await page.getByRole('navigation').getByRole('button', { name: 'Packages' }).click();
  await page.getByRole('button', { name: 'Sync now' }).click();
  await expect(page.getByTestId('last-sync')).toContainText('40 orders and 10 returns');

  // Port 0: a free port for the test (the service would need a fixed one).
  await app.core.call('notifications.configureReceiver', { port: 0 });
  await page.getByRole('navigation').getByRole('button', { name: 'Settings' }).click();
  await unlockAdmin(page);
  await page.getByLabel('Receive package notifications').click();
  // Switching it on creates a Bearer token, shown once with the address.
  const once = page.getByRole('dialog', { name: 'Register this with the service now' });
  await expect(once).toBeVisible();
  const token = await once.getByTestId('receiver-token').textContent();
  expect(token).toMatch(/^[\w-]{43}$/);
  await once.getByRole('button', { name: 'Done, I registered it' }).click();
  await expect(once).toBeHidden();
  await expect(page.getByTestId('receiver-token')).toHaveCount(0);
  await expect(page.getByLabel('Receive package notifications')).toBeChecked();
  await expect(page.getByTestId('receiver-state')).toContainText('Running');
  const url = await page.getByTestId('receiver-url').textContent();
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/hooks\/[\w-]{32}$/);
  await app.admin('webhooks/subscribers', { url, auth: { type: 'bearer', token } });

  await page.getByRole('navigation').getByRole('button', { name: 'Packages' }).click();
  const search = page.getByRole('searchbox', { name: 'Search packages' });
  await search.fill('900004');
  await search.press('Enter');
  const detail = page.getByRole('article');
  await expect(detail).toBeVisible();

  await app.admin('packages/status', { id: 900_004, status: 'ReturnedRequestDenied', reason: 'Eksik Ürün' });
  await expect(page.getByRole('status').filter({ hasText: 'Return 900004 was rejected: Eksik Ürün' })).toBeVisible();
  await expect(detail.getByRole('region', { name: 'Package' })).toContainText('Return request denied');
  await expect(detail.getByTestId('package-notifications')).toContainText('Return rejected');

  await page.getByRole('navigation').getByRole('button', { name: 'Notifications' }).click();
  await expect(page.getByTestId('notification-list')).toContainText('Return rejected');
  await expect(page.getByTestId('notification-list')).toContainText('Eksik Ürün');
  await page.getByRole('button', { name: 'Open package 900004' }).click();
  await expect(page.getByRole('article')).toBeVisible();

  // A cancelled order: the toast names the order number the worker finds the parcel by.
  const orders = await app.core.call('packages.search', { kind: 'order', limit: 1 });
  if (!orders.ok) throw new Error('no orders');
  const order = orders.value.items[0]!;
  await app.admin('packages/status', { id: order.id, status: 'Cancelled' });
  await expect(
    page.getByRole('alert').filter({ hasText: `Cancel of order ${order.orderNumber} (package ${order.id}) confirmed: do not ship it.` }),
  ).toBeVisible();
});

test('the receiver’s fields apply with Enter and keep the focus; the token shown once survives Escape', async ({ page, app }) => {
  await signInToSandbox(page, app);
  await page.keyboard.press('Alt+6');
  await unlockAdmin(page);
  const port = page.getByLabel('Port', { exact: true });
  await port.fill('47123');
  await port.press('Enter');
  await expect
    .poll(async () => ((await app.core.call('notifications.receiver', {})) as { value?: { config: { port: number } } }).value?.config.port)
    .toBe(47123);
  await expect(port).toBeFocused();
  await expect(page.getByRole('button', { name: 'Apply', exact: true })).toHaveAttribute('aria-disabled', 'true');

  await page.getByRole('button', { name: 'New random token' }).click();
  const once = page.getByRole('dialog', { name: 'Register this with the service now' });
  await expect(once.getByTestId('receiver-token')).toHaveText(/^[\w-]{43}$/);
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await expect(once.getByTestId('receiver-token')).toBeVisible();
  await once.getByRole('button', { name: 'Done, I registered it' }).click();
  await expect(once).toBeHidden();
});
