import type { Page } from '@playwright/test';
import { expect, signIn, test, type AppFixture as App } from './fixtures';

/** Issue 11 (and 12.4): nothing a worker does on the Counts screen is lost or counted wrong. */

/**
 * A scanner burst dispatched inside the page with the given gaps before each character: `gaps[i]`
 * is the pause before character i+1, the rest come 5 ms apart, then Enter. Each event carries the
 * time the keyboard would have stamped it with (ending now), as Chromium stamps real key events
 * with the time the OS delivered them; dispatched in one go, a loaded machine cannot stretch them.
 * Each key goes up 2 ms after it went down, as a scanner lets it go (a person holds a key longer:
 * that is how a digit typed just before is told from the scan's).
 */
async function scanWithGaps(page: Page, code: string, gaps: number[]) {
  await page.evaluate(`((code, gaps) => {
    const target = document.activeElement || document.body;
    const offsets = [0];
    for (let i = 1; i < code.length; i++) offsets.push(offsets[i - 1] + (gaps[i - 1] ?? 5));
    offsets.push(offsets[offsets.length - 1] + 5);
    const start = performance.now() - offsets[offsets.length - 1];
    const send = (key, keyCode, at) => {
      for (const [type, after] of [['keydown', 0], ['keyup', 2]]) {
        const ev = new KeyboardEvent(type, { key, code: keyCode, shiftKey: key !== key.toLowerCase(), bubbles: true, cancelable: true });
        Object.defineProperty(ev, 'timeStamp', { value: start + at + after });
        target.dispatchEvent(ev);
      }
    };
    [...code].forEach((ch, i) => send(ch, /[a-z]/i.test(ch) ? 'Key' + ch.toUpperCase() : /[0-9]/.test(ch) ? 'Digit' + ch : ch === '-' ? 'Minus' : 'Unidentified', offsets[i]));
    send('Enter', 'Enter', offsets[offsets.length - 1]);
  })(${JSON.stringify(code)}, ${JSON.stringify(gaps)})`);
}

async function typeScan(page: Page, code: string) {
  const field = page.getByTestId('manual-code');
  await field.fill(code);
  await field.press('Enter');
}

/** The connection "Depo" on the sandbox with these storage codes, on the sign-in screen. */
async function addDepo(page: Page, app: App, storageCodes = ['A-01']) {
  await app.core.call('profiles.save', { name: 'Depo', omsUrl: app.sandbox.url, pimUrl: app.sandbox.url, companyId: 1, storageCodes });
  await page.reload();
}

/** A product the signed-in workspace's catalogue knows. */
async function knownProduct(app: App, product: { sku: string; barcode: string; name: string }) {
  const { productsOf } = await import('../../src/main/core/catalog/products-repo');
  productsOf(app.core.ctx.workspace()).save(product, 'saved');
}

test.describe('counts: work is kept', () => {
  test('1: switching connection resets the screens and shows the new workspace’s open count; a scan not stored turns the card red', async ({
    page,
    app,
  }) => {
    await addDepo(page, app);
    // A count in training mode.
    await page.getByRole('button', { name: 'Training mode' }).click();
    await page.getByRole('button', { name: 'A-01-01' }).click();
    await typeScan(page, 'RAF-TRAINING');
    await expect(page.getByTestId('last-scan')).toHaveAttribute('data-outcome', 'unknown');
    await page.getByRole('navigation').getByRole('button', { name: 'Packages' }).click();
    await page.getByRole('searchbox').fill('training search');
    // The open count is kept; signing out asks first (issue 13.5).
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Sign out anyway' }).click();

    // Another connection: no training count, no old search.
    await signIn(page);
    await page.getByRole('navigation').getByRole('button', { name: 'Packages' }).click();
    await expect(page.getByRole('searchbox')).toHaveValue('');
    await page.getByRole('navigation').getByRole('button', { name: 'Counts' }).click();
    await expect(page.getByRole('heading', { name: 'Counting A-01-01' })).toHaveCount(0);
    await page.getByRole('button', { name: 'A-01', exact: true }).click();
    await typeScan(page, 'RAF-DEPO');
    await page.getByTestId('last-scan').getByRole('button', { name: 'Count as its own SKU' }).click();
    await expect(page.getByTestId('last-scan')).toHaveAttribute('data-outcome', 'counted');

    // Sign out and in again: the open count of this workspace is shown, with its scan.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Sign out anyway' }).click();
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

  test('the product’s barcode scanned into “SKU this code belongs to” fills the field (nothing counted) and assigns to its SKU', async ({
    page,
    app,
  }) => {
    await addDepo(page, app);
    await signIn(page);
    await expect(page.getByRole('navigation')).toBeVisible();
    await knownProduct(app, { sku: 'SKU-CIZIM', barcode: '8690345727803', name: 'Çizim Seti' });
    await page.getByRole('button', { name: 'A-01', exact: true }).click();
    await typeScan(page, 'KOLI-9');
    const card = page.getByTestId('last-scan');
    await card.getByRole('button', { name: 'Assign to SKU…' }).click();
    const field = card.getByLabel('SKU this code belongs to');
    await expect(field).toBeFocused();
    await scanWithGaps(page, '8690345727803', []);
    await expect(field).toHaveValue('8690345727803');
    await expect(page.getByTestId('count-totals')).toContainText('1 unit');
    await card.getByRole('button', { name: 'Save' }).click();
    // A product's barcode is no SKU to confirm: the line goes to its SKU at once.
    await expect(page.getByTestId('count-lines')).toContainText('SKU-CIZIM');
    await expect(page.getByTestId('count-lines')).not.toContainText('KOLI-9');
  });

  test('12.4: three scans, assign to a SKU, undo twice → one unit left, and that is what is sent', async ({ page, app }) => {
    await addDepo(page, app);
    await signIn(page);
    await page.getByRole('button', { name: 'A-01', exact: true }).click();
    for (let i = 0; i < 3; i++) await typeScan(page, 'KOLI-77');
    await expect(page.getByTestId('count-totals')).toContainText('3 units');
    const card = page.getByTestId('last-scan');
    await card.getByRole('button', { name: 'Assign to SKU…' }).click();
    await card.getByLabel('SKU this code belongs to').fill('SKU-77');
    await card.getByRole('button', { name: 'Save' }).click();
    // SKU-77 is not in the catalogue: asked once.
    await card.getByRole('button', { name: 'Yes, SKU-77 is right' }).click();
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

  test('8: every unknown line can be resolved after the next scan, in the list and in the review; an unknown SKU is asked about', async ({
    page,
    app,
  }) => {
    await addDepo(page, app);
    await signIn(page);
    await expect(page.getByRole('navigation')).toBeVisible();
    await knownProduct(app, { sku: 'SKU-CIZIM', barcode: '8690345727803', name: 'Çizim Seti' });
    await page.getByRole('button', { name: 'A-01', exact: true }).click();
    await typeScan(page, 'KOLI-1');
    await typeScan(page, 'KOLI-2');
    await typeScan(page, 'KOLI-3');
    await typeScan(page, '8690345727803');
    // The card shows the known product now; the unknown lines still offer what to do.
    const list = page.getByTestId('count-lines');
    const koli1 = list.getByRole('group', { name: 'Unknown code KOLI-1' });
    await koli1.getByRole('button', { name: 'Assign to SKU…' }).click();
    await koli1.getByLabel('SKU this code belongs to').fill('SKU-CIZM');
    await koli1.getByRole('button', { name: 'Save' }).click();
    // A typo is not remembered silently.
    await expect(page.getByText('SKU-CIZM is not in the product catalogue.', { exact: false })).toBeVisible();
    await koli1.getByRole('button', { name: 'Cancel' }).click();
    // Back to the SKU field, to correct the typo.
    await koli1.getByLabel('SKU this code belongs to').fill('SKU-CIZIM');
    await koli1.getByRole('button', { name: 'Save' }).click();
    await expect(list.getByRole('group', { name: 'Unknown code KOLI-1' })).toHaveCount(0);
    await list.getByRole('group', { name: 'Unknown code KOLI-2' }).getByRole('button', { name: 'Count as its own SKU' }).click();
    await expect(list.getByRole('group', { name: 'Unknown code KOLI-2' })).toHaveCount(0);
    // In the review, the last unknown code is resolved there.
    await page.getByRole('button', { name: 'Review and send' }).click();
    await expect(page.getByText('resolve', { exact: false }).first()).toBeVisible();
    await page.getByRole('group', { name: 'Unknown code KOLI-3' }).getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('button', { name: 'Send 2 quantities' }).click();
    await expect(page.getByTestId('push-item').first()).toHaveAttribute('data-state', 'sent');
    const stock = (await app.admin('inventory')) as { items: { sku: string; qty: number }[] };
    expect(Object.fromEntries(stock.items.map((i) => [i.sku, i.qty]))).toEqual({ 'SKU-CIZIM': 2, 'KOLI-2': 1 });
  });

  test('7: another shelf’s label scanned during a count is never counted; it asks to open that shelf or ignore', async ({ page, app }) => {
    await addDepo(page, app, ['A-01', 'B-02']);
    await signIn(page);
    await page.getByRole('button', { name: 'A-01', exact: true }).click();
    await typeScan(page, 'KOLI-5');
    await expect(page.getByTestId('count-totals')).toContainText('1 unit');
    await scanWithGaps(page, 'B-02', []);
    const ask = page.getByRole('dialog', { name: 'Another shelf’s label' });
    await expect(ask).toContainText('B-02 is a storage code of this connection, not an item.');
    // An item scanned while the question is open is not counted here (it may sit on B-02): the question says so.
    await scanWithGaps(page, 'KOLI-5', []);
    await expect(ask.getByRole('alert')).toContainText('KOLI-5');
    await ask.getByRole('button', { name: 'Ignore it, keep counting here' }).click();
    await expect(page.getByTestId('count-totals')).toContainText('1 unit');
    // The label typed in other letters (b-02) is the same shelf.
    await scanWithGaps(page, 'b-02', []);
    await expect(ask.getByRole('alert')).toHaveCount(0);
    await page.getByRole('button', { name: 'Leave this count open and count B-02' }).click();
    await expect(page.getByRole('heading', { name: 'Counting B-02' })).toBeVisible();
    await expect(page.getByTestId('count-totals')).toContainText('0 units');
    const a = await app.core.call('counts.open', { storageCode: 'A-01' });
    expect(a.ok && a.value.lines.map((l) => [l.sku, l.quantity])).toEqual([['KOLI-5', 1]]);
  });

  test('a product’s barcode scanned where the storage code goes opens no count: it says whose barcode it is', async ({ page, app }) => {
    await addDepo(page, app, ['A-01']);
    await signIn(page);
    await expect(page.getByRole('navigation')).toBeVisible();
    await knownProduct(app, { sku: 'SKU-CIZIM', barcode: '8690345727803', name: 'Çizim Seti' });
    await scanWithGaps(page, '8690345727803', []);
    await expect(page.getByRole('alert')).toContainText(
      '8690345727803 is the barcode of a product (Çizim Seti, SKU-CIZIM), not a storage code. Scan the shelf’s label.',
    );
    await expect(page.getByRole('heading', { name: /^Counting/ })).toHaveCount(0);
    await scanWithGaps(page, 'A-01', []);
    await expect(page.getByRole('heading', { name: 'Counting A-01' })).toBeVisible();
  });

  test('5: digits typed with the quantity field not focused set the quantity for the next scan; Escape clears', async ({ page, app }) => {
    await addDepo(page, app);
    await signIn(page);
    await expect(page.getByRole('navigation')).toBeVisible();
    await knownProduct(app, { sku: 'SKU-CIZIM', barcode: '8690345727803', name: 'Çizim Seti' });
    await page.getByRole('button', { name: 'A-01', exact: true }).click();
    // The worker clicked elsewhere: the quantity field has lost focus.
    await page.getByRole('heading', { name: 'Counting A-01' }).click();
    await page.keyboard.type('7', { delay: 150 });
    await expect(page.getByTestId('next-times')).toHaveText('Next scan ×7');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('next-times')).toHaveCount(0);
    await page.keyboard.type('12', { delay: 150 });
    await expect(page.getByTestId('next-times')).toHaveText('Next scan ×12');
    await expect(page.getByTestId('next-quantity')).toHaveValue('12');
    await scanWithGaps(page, '8690345727803', []);
    await expect(page.getByTestId('last-scan')).toContainText('+12 → 12');
    await expect(page.getByTestId('count-totals')).toContainText('12 units');
    await expect(page.getByTestId('next-times')).toHaveCount(0);
  });

  test('9: undo says what it undid and works from Ctrl+Z; a removed line comes back with undo', async ({ page, app }) => {
    await addDepo(page, app);
    await signIn(page);
    await expect(page.getByRole('navigation')).toBeVisible();
    await knownProduct(app, { sku: 'TSHIRT-M', barcode: '8690345727803', name: 'Pamuklu Tişört' });
    await page.getByRole('button', { name: 'A-01', exact: true }).click();
    await page.getByTestId('next-quantity').fill('12');
    await scanWithGaps(page, '8690345727803', []);
    await expect(page.getByTestId('count-totals')).toContainText('12 units');
    await page.keyboard.press('Control+z');
    await expect(page.getByText('Undone: −12 Pamuklu Tişört')).toBeVisible();
    await expect(page.getByTestId('count-totals')).toContainText('0 units');

    await scanWithGaps(page, '8690345727803', []);
    await expect(page.getByTestId('count-totals')).toContainText('1 unit');
    await page.getByRole('button', { name: 'Remove TSHIRT-M' }).click();
    await expect(page.getByText('Removed Pamuklu Tişört (1). Undo (Ctrl+Z) brings it back.')).toBeVisible();
    await expect(page.getByTestId('count-totals')).toContainText('0 units');
    await page.getByRole('button', { name: 'Undo last scan' }).click();
    await expect(page.getByText('Undone: +1 Pamuklu Tişört')).toBeVisible();
    await expect(page.getByTestId('count-totals')).toContainText('1 unit');
  });

  test('10: Escape that closes a question or cancels a line edit keeps the typed quantity; Ctrl+Z undoes on a Turkish F keyboard', async ({
    page,
    app,
  }) => {
    await addDepo(page, app, ['A-01', 'B-02']);
    await signIn(page);
    await expect(page.getByRole('navigation')).toBeVisible();
    await knownProduct(app, { sku: 'SKU-CIZIM', barcode: '8690345727803', name: 'Çizim Seti' });
    await page.getByRole('button', { name: 'A-01', exact: true }).click();
    await page.getByTestId('next-quantity').fill('12');
    await expect(page.getByTestId('next-times')).toHaveText('Next scan ×12');
    // Another shelf's label: the question is closed with Escape, the ×12 stays for the next item.
    await scanWithGaps(page, 'B-02', []);
    const ask = page.getByRole('dialog', { name: 'Another shelf’s label' });
    await expect(ask).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(ask).toBeHidden();
    await expect(page.getByTestId('next-times')).toHaveText('Next scan ×12');
    await scanWithGaps(page, '8690345727803', []);
    await expect(page.getByTestId('count-totals')).toContainText('12 units');

    // A line's quantity opened for editing and cancelled with Escape: the ×5 typed before stays.
    await page.getByTestId('next-quantity').fill('5');
    await page.getByRole('button', { name: '12 · Quantity of SKU-CIZIM' }).click();
    await expect(page.getByRole('textbox', { name: 'Quantity of SKU-CIZIM' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('textbox', { name: 'Quantity of SKU-CIZIM' })).toHaveCount(0);
    await expect(page.getByTestId('next-times')).toHaveText('Next scan ×5');
    // Focus is back on the line's quantity, not lost to the page.
    await expect(page.getByRole('button', { name: '12 · Quantity of SKU-CIZIM' })).toBeFocused();

    // Ctrl+Z on a Turkish F keyboard: the key that types z is where a Q keyboard has N.
    await page.evaluate(() =>
      (document.activeElement ?? document.body).dispatchEvent(
        new KeyboardEvent('keydown', { key: 'z', code: 'KeyN', ctrlKey: true, bubbles: true, cancelable: true }),
      ),
    );
    await expect(page.getByText('Undone: −12 Çizim Seti')).toBeVisible();
    await expect(page.getByTestId('count-totals')).toContainText('0 units');
  });

  test('6: a scan whose first characters come slowly is read whole', async ({ page, app }) => {
    await addDepo(page, app);
    await signIn(page);
    await page.getByRole('button', { name: 'A-01', exact: true }).click();
    await page.getByTestId('manual-code').focus();
    await scanWithGaps(page, 'nosuchthing999', [70, 65, 60]);
    await expect(page.getByTestId('last-scan')).toHaveAttribute('data-outcome', 'unknown');
    await expect(page.getByTestId('last-scan')).toContainText('nosuchthing999');
    await scanWithGaps(page, '397791202351', [80, 8, 6, 150, 5]);
    await expect(page.getByTestId('last-scan')).toContainText('397791202351');
    await expect(page.getByTestId('manual-code')).toHaveValue('');
    // 397791202351 has a wrong check digit (a misread, counted nowhere); no cut code was counted.
    await expect(page.getByTestId('last-scan')).toHaveAttribute('data-outcome', 'misread');
    const d = await app.core.call('counts.open', { storageCode: 'A-01' });
    expect(d.ok && d.value.lines.map((l) => l.sku)).toEqual(['nosuchthing999']);
  });
});

test.describe('packages: scans', () => {
  test.use({ sandboxOptions: { packages: 40, returns: 0, seed: 5, days: 10 } });

  test('6: a slowly starting scan opens its own package, and only a whole code opens one', async ({ page, app }) => {
    await addDepo(page, app);
    await signIn(page);
    await page.getByRole('navigation').getByRole('button', { name: 'Packages' }).click();
    await page.getByRole('button', { name: 'Sync now' }).click();
    await expect(page.getByTestId('last-sync')).toContainText('40 orders', { timeout: 60_000 });
    const list = await app.core.call('packages.search', { query: '', limit: 40 });
    if (!list.ok) throw new Error('search failed');
    const target = list.value.items.find((p) => (p.cargoTrackingNumber ?? '').length >= 8)!;
    const code = target.cargoTrackingNumber!;
    await page.getByRole('searchbox', { name: 'Search packages' }).focus();
    await scanWithGaps(page, code, [80, 40, 5, 75]);
    await expect(page.getByRole('article')).toBeVisible();
    await expect(page.getByRole('article')).toContainText(code);
    await expect(page.getByRole('searchbox', { name: 'Search packages' })).toHaveValue(code);
    // The tail of a code (what a cut scan used to give) lists partial matches but opens nothing.
    await page.getByRole('button', { name: 'Close package' }).click();
    const tail = code.slice(-6);
    await scanWithGaps(page, tail, []);
    await expect(page.getByRole('searchbox', { name: 'Search packages' })).toHaveValue(tail);
    await expect(page.getByTestId('result-count')).not.toContainText('exact code');
    await expect(page.getByRole('article')).toHaveCount(0);
  });

  test('10: a cancelled package scanned on Packages shows a full-width "Cancelled — do not ship" banner', async ({ page, app }) => {
    await addDepo(page, app);
    await signIn(page);
    await page.getByRole('navigation').getByRole('button', { name: 'Packages' }).click();
    await page.getByRole('button', { name: 'Sync now' }).click();
    await expect(page.getByTestId('last-sync')).toContainText('40 orders', { timeout: 60_000 });
    const cancelled = await app.core.call('packages.search', { query: '', status: 'Cancelled', limit: 5 });
    const shipped = await app.core.call('packages.search', { query: '', status: 'Picked', limit: 5 });
    if (!cancelled.ok || !shipped.ok) throw new Error('search failed');
    const c = cancelled.value.items.find((p) => p.cargoTrackingNumber)!;
    const other = shipped.value.items.find((p) => p.cargoTrackingNumber)!;
    await page.getByRole('searchbox', { name: 'Search packages' }).focus();
    await scanWithGaps(page, other.cargoTrackingNumber!, []);
    await expect(page.getByRole('article')).toBeVisible();
    await expect(page.getByTestId('cancelled-banner')).toHaveCount(0);
    await page.getByRole('button', { name: 'Close package' }).click();
    await scanWithGaps(page, c.cargoTrackingNumber!, []);
    await expect(page.getByTestId('cancelled-banner')).toHaveText('Cancelled — do not ship');
    const box = await page.getByTestId('cancelled-banner').boundingBox();
    const article = await page.getByRole('article').boundingBox();
    expect(box!.width).toBeGreaterThan(article!.width * 0.9);
  });
});
