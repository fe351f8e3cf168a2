/// <reference lib="dom" />
import type { Locator, Page } from '@playwright/test';
import { instantAt } from '../../src/shared/domain/time';
import { resources } from '../../src/shared/i18n';
import { expect, signInToSandbox, test, type AppFixture } from './fixtures';
import { scanText } from './keyboards';

test.use({ viewport: { width: 1024, height: 768 } });

/** Notifications as the receiver passes them on (the service's cancel and return decisions). */
function notify(app: AppFixture) {
  const at = instantAt(Date.now());
  app.core.bus.emit('notifications.received', {
    id: 1,
    receivedAt: at,
    hookName: 'OrderPackageStatusChangedEvent',
    packageId: '900001',
    packageType: 'order',
    statusId: 5,
    statusName: 'Cancelled',
    reasonName: null,
    reasonDesc: null,
    matched: { kind: 'order', id: 900001, orderNumber: '3124010971725589' },
  });
  app.core.bus.emit('notifications.received', {
    id: 2,
    receivedAt: at,
    hookName: 'ReturnOrderPackageRejectedEvent',
    packageId: '900002',
    packageType: 'return',
    statusId: 6,
    statusName: 'ReturnedRequestDenied',
    reasonName: 'Eksik Ürün',
    reasonDesc: null,
    matched: null,
  });
}

/** Whole inside the window and not cut by a box around it that clips (the card scrolls inside itself). */
async function wholeInView(page: Page, target: Locator): Promise<boolean> {
  return target.evaluate((el) => {
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.top < 0 || box.bottom > window.innerHeight || box.right > window.innerWidth) return false;
    for (let p = el.parentElement; p; p = p.parentElement) {
      const cs = getComputedStyle(p);
      if (cs.overflowY === 'visible' && cs.overflowX === 'visible') continue;
      const clip = p.getBoundingClientRect();
      if (box.top < clip.top - 1 || box.bottom > clip.bottom + 1) return false;
    }
    return true;
  });
}

for (const language of ['tr', 'en'] as const) {
  test(`${language}: toasts and a command notice leave the scanning column whole at 1024×768`, async ({ page, app }) => {
    const L = resources[language];
    await app.core.call('settings.update', { language });
    await signInToSandbox(page, app, ['A-01'], language);
    await scanText(page, 'A-01');
    await expect(page.getByTestId('count-totals')).toBeVisible();
    // An unknown code: the card offers Assign to SKU….
    await scanText(page, '8690010004079');
    await expect(page.getByTestId('last-scan')).toHaveAttribute('data-outcome', 'unknown');
    await scanText(page, 'WDCMDQ2');
    await expect(page.getByTestId('command-notice')).toBeVisible();
    notify(app);
    await expect(page.getByTestId('toasts').locator('.toast')).toHaveCount(2);

    const column = [
      page.getByTestId('last-scan'),
      page.getByTestId('last-scan').getByRole('button', { name: L.counts.last.assign }),
      page.getByTestId('next-quantity'),
      page.getByTestId('manual-code'),
      page.getByRole('button', { name: L.counts.actions.review }),
      page.getByRole('button', { name: L.counts.actions.undo }),
    ];
    for (const part of column) expect(await wholeInView(page, part), await part.evaluate((e) => e.outerHTML.slice(0, 80))).toBe(true);
    // The toasts are in view too, with their buttons.
    for (const toast of await page.getByTestId('toasts').locator('.toast').all()) expect(await wholeInView(page, toast)).toBe(true);
  });
}

const GS = '\u001d';

for (const language of ['tr', 'en'] as const) {
  test(`${language}: a line's long lots end with an ellipsis before the quantity; the Assign field's Cancel is inside the card`, async ({
    page,
    app,
  }) => {
    const L = resources[language];
    await app.core.call('settings.update', { language });
    await signInToSandbox(page, app, ['A-01'], language);
    const { productsOf } = await import('../../src/main/core/catalog/products-repo');
    productsOf(app.core.ctx.workspace()).save(
      { sku: 'SUT-1', barcode: '8690010004079', name: 'Süt Tam Yağlı 1 L Cam Şişe Organik' },
      'saved',
    );
    await scanText(page, 'A-01');
    await expect(page.getByTestId('count-totals')).toBeVisible();
    await scanText(page, `]C10108690010004079${'10'}LOTABCDEFGHIJKLMNOPQ${GS}17271231`);
    await scanText(page, `]C10108690010004079${'10'}LOT2ZZZZZZZZZZZZZZZZ${GS}17281231`);
    await expect(page.getByTestId('count-totals')).toContainText('2');
    const line = page.locator('[data-sku="SUT-1"]');
    const lots = line.getByTestId('line-lots');
    const qty = line.getByLabel(L.counts.lines.setQuantity.replace('{{sku}}', 'SUT-1'));
    const lotsBox = (await lots.boundingBox())!;
    const qtyBox = (await qty.boundingBox())!;
    expect(lotsBox.x + lotsBox.width).toBeLessThanOrEqual(qtyBox.x);
    // Cut with an ellipsis (the whole text in its title), not hidden under the box.
    expect(await lots.evaluate((el) => el.scrollWidth > el.clientWidth && getComputedStyle(el).textOverflow === 'ellipsis')).toBe(true);
    await expect(lots).toHaveAttribute('title', /LOTABCDEFGHIJKLMNOPQ.*LOT2Z/);

    await scanText(page, 'RAF-UNKNOWN-1');
    const card = page.getByTestId('last-scan');
    await card.getByRole('button', { name: L.counts.last.assign }).click();
    await expect(card.getByLabel(L.counts.last.assignTo)).toBeFocused();
    for (const name of [L.common.actions.cancel, L.common.actions.save]) {
      const button = card.getByRole('button', { name, exact: true });
      expect(await wholeInView(page, button), name).toBe(true);
    }
  });
}
