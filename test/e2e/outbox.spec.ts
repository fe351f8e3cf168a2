import { expect, signInToSandbox, test } from './fixtures';

test.describe('outbox screen', () => {
  test('a refused write is found from the status bar, read, sent again and cancelled', async ({ page, app }) => {
    await signInToSandbox(page, app);
    await app.admin('inventory/unknown-skus', { skus: ['RAF-9'] });
    // Count one unknown code as its own SKU and send it: the service refuses that SKU.
    await page.getByRole('button', { name: 'A-01' }).click();
    const code = page.getByTestId('manual-code');
    await code.fill('RAF-9');
    await code.press('Enter');
    await page.getByTestId('last-scan').getByRole('button', { name: 'Count as its own SKU' }).click();
    await page.getByRole('button', { name: 'Review and send' }).click();
    await page.getByRole('button', { name: 'Send 1 quantity' }).click();

    const failed = page.getByTestId('failed-indicator');
    await expect(failed).toHaveText('1 write failed');
    // Never "All sent" next to a failed write.
    await expect(page.getByRole('status').first()).not.toContainText('All sent');
    await failed.click();
    await expect(page.getByRole('heading', { name: 'Outbox' })).toBeVisible();
    const row = page.getByTestId('outbox-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Stock count');
    await expect(row).toContainText('A-01: 1 products, 1 units');
    await expect(row).toContainText('Storage code A-01');
    await expect(row).toContainText('Refused');
    await expect(row.getByRole('cell').nth(3)).toHaveText('1');

    await row.getByRole('button', { name: /Open/ }).click();
    const detail = page.getByRole('article', { name: /Write \d+/ });
    // Open again on the open write keeps it open (Close is the detail's own button).
    await row.getByRole('button', { name: /Open/ }).click();
    await expect(detail).toBeVisible();
    await expect(detail).toContainText('Answer code 400');
    await expect(detail).toContainText('RAF-9 ürünü bulunamadı');
    await expect(detail.getByTestId('outbox-reason')).toHaveText(
      'The service refused this write. Fix the cause and send it again, or cancel it.',
    );

    // Send again: the service still refuses, the attempt is counted.
    // (With a write open, the list hides tries and next try; the detail shows them.)
    await expect(detail.locator('dd').nth(3)).toHaveText('1');
    await detail.getByRole('button', { name: 'Send again' }).click();
    await expect(detail.locator('dd').nth(3)).toHaveText('2');
    await expect(row).toContainText('Refused');

    // Cancel asks first, with the focus on the safe choice.
    await detail.getByRole('button', { name: 'Cancel this write' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this write?' });
    await expect(dialog.getByRole('button', { name: 'Keep it' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Keep it' }).click();
    await expect(row).toContainText('Refused');
    await detail.getByRole('button', { name: 'Cancel this write' }).click();
    await dialog.getByRole('button', { name: 'Cancel the write' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('The write was cancelled.')).toBeVisible();
    // The button that opened the question is gone with the write's actions: the focus goes back to
    // the screen, not to the page.
    await expect(page.getByRole('heading', { name: 'Outbox', level: 1 })).toBeFocused();
    // "Not sent yet" no longer lists it; "All" shows it cancelled, and nothing can be done to it.
    await expect(row).toHaveCount(0);
    await page.getByLabel('Show').selectOption('all');
    await expect(row).toContainText('Cancelled');
    await expect(failed).toHaveCount(0);
    await expect(page.getByTestId('pending-indicator')).toHaveText('All sent');
    // Its detail (still open) closed from the keyboard gives the focus back to the screen, not to the page.
    await expect(detail).toBeVisible();
    await detail.getByRole('button', { name: 'Close' }).focus();
    await page.keyboard.press('Enter');
    await expect(detail).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Outbox', level: 1 })).toBeFocused();

    // Export gives the list as CSV.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export list' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^outbox-.*\.csv$/);
  });

  test('a write the service took at the first try says one try, not 0', async ({ page, app }) => {
    await signInToSandbox(page, app);
    await page.getByRole('button', { name: 'A-01' }).click();
    const code = page.getByTestId('manual-code');
    await code.fill('RAF-1');
    await code.press('Enter');
    await page.getByTestId('last-scan').getByRole('button', { name: 'Count as its own SKU' }).click();
    await page.getByRole('button', { name: 'Review and send' }).click();
    await page.getByRole('button', { name: 'Send 1 quantity' }).click();
    await expect(page.getByTestId('pending-indicator')).toHaveText('All sent');
    await page.keyboard.press('Alt+7');
    await page.getByLabel('Show').selectOption('all');
    const row = page.getByTestId('outbox-row');
    await expect(row).toContainText('Sent');
    await expect(row.getByRole('cell').nth(3)).toHaveText('1');
    await row.getByRole('button', { name: /Open/ }).click();
    await expect(page.getByRole('article', { name: /Write \d+/ }).getByRole('definition').nth(3)).toHaveText('1');
  });
});
