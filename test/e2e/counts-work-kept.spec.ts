import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';

/** Issue 11 (and 12.4): nothing a worker does on the Counts screen is lost or counted wrong. */

async function typeScan(page: Page, code: string) {
  const field = page.getByTestId('manual-code');
  await field.fill(code);
  await field.press('Enter');
}

test.describe('counts: work is kept', () => {
  test('1: switching connection resets the screens and shows the new workspace’s open count; a scan not stored turns the card red', async ({
    page,
    app,
  }) => {
    await app.core.call('profiles.save', {
      name: 'Depo',
      omsUrl: app.sandbox.url,
      pimUrl: app.sandbox.url,
      companyId: 1,
      storageCodes: ['A-01'],
    });
    await page.reload();
    // A count in training mode.
    await page.getByRole('button', { name: 'Training mode' }).click();
    await page.getByRole('button', { name: 'A-01-01' }).click();
    await typeScan(page, 'RAF-TRAINING');
    await expect(page.getByTestId('last-scan')).toHaveAttribute('data-outcome', 'unknown');
    await page.getByRole('navigation').getByRole('button', { name: 'Packages' }).click();
    await page.getByRole('searchbox').fill('training search');
    await page.getByRole('button', { name: 'Sign out' }).click();

    // Another connection: no training count, no old search.
    await signIn(page);
    await page.getByRole('navigation').getByRole('button', { name: 'Packages' }).click();
    await expect(page.getByRole('searchbox')).toHaveValue('');
    await page.getByRole('navigation').getByRole('button', { name: 'Counts' }).click();
    await expect(page.getByRole('heading', { name: 'Counting A-01-01' })).toHaveCount(0);
    await page.getByRole('button', { name: 'A-01', exact: true }).click();
    await typeScan(page, 'RAF-DEPO');
    await page.getByRole('button', { name: 'Count as its own SKU' }).click();
    await expect(page.getByTestId('last-scan')).toHaveAttribute('data-outcome', 'counted');

    // Sign out and in again: the open count of this workspace is shown, with its scan.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await signIn(page);
    await expect(page.getByRole('heading', { name: 'Counting A-01' })).toBeVisible();
    await expect(page.getByTestId('count-totals')).toContainText('1 unit');

    // The count is closed elsewhere (the CLI): the next scan is not stored, and the card says so in red.
    const open = await app.core.call('counts.open', { storageCode: 'A-01' });
    if (!open.ok) throw new Error('no open count');
    await app.core.call('counts.discard', { sessionId: open.value.session.id });
    await typeScan(page, 'RAF-DEPO');
    const card = page.getByTestId('last-scan');
    await expect(card).toHaveAttribute('data-outcome', 'failed');
    await expect(card).toContainText('Not counted');
    await expect(card).toContainText('RAF-DEPO was not stored');
  });

  test('12.4: three scans, assign to a SKU, undo twice → one unit left, and that is what is sent', async ({ page, app }) => {
    await app.core.call('profiles.save', {
      name: 'Depo',
      omsUrl: app.sandbox.url,
      pimUrl: app.sandbox.url,
      companyId: 1,
      storageCodes: ['A-01'],
    });
    await page.reload();
    await signIn(page);
    await page.getByRole('button', { name: 'A-01', exact: true }).click();
    for (let i = 0; i < 3; i++) await typeScan(page, 'KOLI-77');
    await expect(page.getByTestId('count-totals')).toContainText('3 units');
    await page.getByRole('button', { name: 'Assign to SKU…' }).click();
    await page.getByLabel('SKU this code belongs to').fill('SKU-77');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('last-scan')).toHaveAttribute('data-outcome', 'counted');
    await page.getByRole('button', { name: 'Undo last scan' }).click();
    await expect(page.getByTestId('count-totals')).toContainText('2 units');
    await page.getByRole('button', { name: 'Undo last scan' }).click();
    await expect(page.getByTestId('count-totals')).toContainText('1 unit');
    await page.getByRole('button', { name: 'Review and send' }).click();
    await page.getByRole('button', { name: 'Send 1 quantity' }).click();
    await expect(page.getByTestId('push-item').first()).toHaveAttribute('data-state', 'sent');
    const stock = (await app.admin('inventory')) as { items: { sku: string; qty: number }[] };
    expect(stock.items).toEqual([{ storageCode: 'A-01', sku: 'SKU-77', qty: 1 }]);
  });
});
