import type { Page } from '@playwright/test';
import { expect, signInToSandbox, test } from './fixtures';

/** Counts one code as its own SKU on a storage code and sends it; back on the picker afterwards. */
async function countAndSend(page: Page, storageCode: string, code: string) {
  await page.getByRole('button', { name: storageCode, exact: true }).click();
  await page.getByTestId('manual-code').fill(code);
  await page.getByTestId('manual-code').press('Enter');
  await page.getByTestId('last-scan').getByRole('button', { name: 'Count as its own SKU' }).click();
  await page.getByRole('button', { name: 'Review and send' }).click();
  await page.getByRole('button', { name: 'Send 1 quantity' }).click();
  await expect(page.getByRole('heading', { name: `Sending · Count of ${storageCode}` })).toBeVisible();
}

test.describe('recent counts', () => {
  test('each count shows where its write really is (refused / sent / waiting) and opens with the answer', async ({ page, app }) => {
    await signInToSandbox(page, app, ['A-01', 'B-01', 'C-01']);
    await app.admin('inventory/unknown-skus', { skus: ['RAF-9'] });
    const row = (code: string) => page.getByTestId('count-history').getByRole('row').filter({ hasText: code });
    const other = () => page.getByRole('button', { name: 'Count another storage code' }).click();

    // Refused by the service.
    await countAndSend(page, 'A-01', 'RAF-9');
    await expect(page.getByTestId('push-item')).toHaveAttribute('data-state', 'failed');
    await other();
    // Accepted.
    await countAndSend(page, 'B-01', 'RAF-2');
    await expect(page.getByTestId('push-item')).toHaveAttribute('data-state', 'sent');
    await other();
    // Waiting: the service is gone.
    await app.sandbox.close();
    await countAndSend(page, 'C-01', 'RAF-3');
    await other();

    await expect(row('A-01').getByTestId('count-state')).toHaveText('refused');
    await expect(row('B-01').getByTestId('count-state')).toHaveText('sent');
    await expect(row('C-01').getByTestId('count-state')).toHaveText('waiting to be sent');

    // Opening the refused count shows its lines and what the service answered.
    await row('A-01')
      .getByRole('button', { name: /^Open the count started/ })
      .click();
    await expect(page.getByRole('heading', { name: 'Sending · Count of A-01' })).toBeVisible();
    const batch = page.getByTestId('push-item');
    await expect(batch).toHaveAttribute('data-state', 'failed');
    await expect(batch).toContainText('refused');
    await expect(batch).toContainText('RAF-9 ürünü bulunamadı');
    await expect(page.getByRole('table', { name: 'Counted lines' }).getByRole('row').filter({ hasText: 'RAF-9' })).toContainText('1');
    // Back to the list: the other counts are where they were.
    await other();
    await expect(row('B-01').getByTestId('count-state')).toHaveText('sent');
  });
});
