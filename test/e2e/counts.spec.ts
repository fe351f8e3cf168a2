import { expect, signInToSandbox, test } from './fixtures';
import { scanAtWindow } from './keyboards';

test.describe('counting a storage code', () => {
  test('count by typed codes, push, and read the quantities back from the sandbox', async ({ page, app }) => {
    await signInToSandbox(page, app);
    await page.getByRole('button', { name: 'A-01' }).click();
    const code = page.getByTestId('manual-code');
    for (const c of ['RAF-1', 'RAF-1', 'RAF-2']) {
      await code.fill(c);
      await code.press('Enter');
    }
    await expect(page.getByTestId('count-totals')).toContainText('3 units');
    // Unknown codes: count each as its own SKU.
    await expect(page.getByTestId('last-scan')).toHaveAttribute('data-outcome', 'unknown');
    await page.getByTestId('last-scan').getByRole('button', { name: 'Count as its own SKU' }).click();
    await code.fill('RAF-1');
    await code.press('Enter');
    await expect(page.getByTestId('last-scan')).toHaveAttribute('data-outcome', 'unknown');
    await page.getByTestId('last-scan').getByRole('button', { name: 'Count as its own SKU' }).click();
    await expect(page.getByTestId('last-scan')).toHaveAttribute('data-outcome', 'counted');
    await page.getByRole('button', { name: 'Review and send' }).click();
    await page.getByRole('button', { name: 'Send 2 quantities' }).click();
    await expect(page.getByTestId('push-item').first()).toHaveAttribute('data-state', 'sent');
    const stock = (await app.admin('inventory')) as { items: { sku: string; qty: number }[] };
    expect(Object.fromEntries(stock.items.map((i) => [i.sku, i.qty]))).toEqual({ 'RAF-1': 3, 'RAF-2': 1 });
  });

  test('a scan while Review is open is not counted, and says so (it was dropped without a word); its Enter presses nothing', async ({
    page,
    app,
  }) => {
    await signInToSandbox(page, app);
    await page.getByRole('button', { name: 'A-01' }).click();
    const code = page.getByTestId('manual-code');
    await code.fill('KOLI-7');
    await code.press('Enter');
    await page.getByTestId('last-scan').getByRole('button', { name: 'Count as its own SKU' }).click();
    await page.getByRole('button', { name: 'Review and send' }).click();
    const send = page.getByRole('button', { name: 'Send 1 quantity' });
    await send.focus();
    await scanAtWindow(page, 'KOLI-7');
    await expect(page.getByText('“KOLI-7” was not counted: Review is open. Go back to counting to scan more.')).toBeVisible();
    await expect(page.getByTestId('push-item')).toHaveCount(0);
    await page.getByRole('button', { name: 'Back to counting' }).click();
    await expect(page.getByTestId('count-totals')).toContainText('1 unit');
  });

  test('the label of the shelf being counted, scanned again, is not counted: the card says why, and what to do', async ({ page, app }) => {
    await signInToSandbox(page, app);
    await page.getByRole('button', { name: 'A-01' }).click();
    await scanAtWindow(page, 'A-01');
    const card = page.getByTestId('last-scan');
    await expect(card).toHaveAttribute('data-outcome', 'failed');
    await expect(card).toContainText('A-01 was not counted.');
    await expect(card).toContainText(
      'A-01 is the label of a storage code, not a product: it was not counted. Scan the items on the shelf (the count is of A-01).',
    );
    await expect(card).not.toContainText('Scan it again once the problem below is solved');
    await expect(page.getByTestId('count-totals')).toContainText('0 units');
  });

  test('after Undo the card does not say that nothing was scanned while items are still counted', async ({ page, app }) => {
    await signInToSandbox(page, app);
    await page.getByRole('button', { name: 'A-01' }).click();
    await expect(page.getByTestId('last-scan')).toHaveText('Nothing scanned yet.');
    const code = page.getByTestId('manual-code');
    for (const c of ['RAF-1', 'RAF-2']) {
      await code.fill(c);
      await code.press('Enter');
    }
    await expect(page.getByTestId('count-totals')).toContainText('2 units');
    await page.getByRole('main').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Control+z');
    await expect(page.getByTestId('count-totals')).toContainText('1 unit');
    await expect(page.getByTestId('last-scan')).toHaveText('Scan the next item: what is counted is in the list.');
  });

  test('with the sandbox offline the push waits, then goes out when it answers', async ({ page, app }) => {
    await signInToSandbox(page, app);
    await page.getByRole('button', { name: 'A-01' }).click();
    await app.admin('offline', { offline: true });
    const code = page.getByTestId('manual-code');
    await code.fill('KOLI-9');
    await code.press('Enter');
    await page.getByTestId('last-scan').getByRole('button', { name: 'Count as its own SKU' }).click();
    await page.getByRole('button', { name: 'Review and send' }).click();
    await page.getByRole('button', { name: 'Send 1 quantity' }).click();
    await expect(page.getByTestId('push-item').first()).toHaveAttribute('data-state', 'pending');
    await expect(page.getByTestId('pending-indicator')).toContainText('1 write waiting');
    await expect(page.getByTestId('online-indicator')).toHaveText('Offline');
    await app.admin('offline', { offline: false });
    await expect(page.getByTestId('push-item').first()).toHaveAttribute('data-state', 'sent', { timeout: 70_000 });
    await expect(page.getByTestId('pending-indicator')).toHaveText('All sent');
    const stock = (await app.admin('inventory')) as { items: { sku: string; qty: number }[] };
    expect(stock.items).toEqual([{ storageCode: 'A-01', sku: 'KOLI-9', qty: 1 }]);
  });
});
