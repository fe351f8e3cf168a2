import { resources } from '../../src/shared/i18n';
import type { Locator } from '@playwright/test';
import { expect, signInToSandbox, test, unlockAdmin } from './fixtures';
import { scanAtWindow } from './keyboards';

const scan = scanAtWindow;

test.describe('feedback a worker cannot miss', () => {
  test('a scan on a screen without scans says so; sign-out with an open count asks, focus on staying', async ({ page, app }) => {
    await signInToSandbox(page, app);
    await page.getByRole('navigation').getByRole('button', { name: 'Outbox' }).click();
    await scan(page, '8690000000001');
    await expect(page.getByTestId('toasts')).toContainText('A scan was read (8690000000001), but this screen does not use scans.');
    // "Send all again" with nothing refused says why it cannot be pressed.
    await expect(page.getByRole('button', { name: 'Send all again' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Send all again' })).toHaveAccessibleDescription(
      'No write was refused: there is nothing to send again.',
    );

    // Settings takes scans only in the scanner test; elsewhere a scan says so.
    await page.getByRole('navigation').getByRole('button', { name: 'Settings' }).click();
    await scan(page, '8690000000002');
    await expect(page.getByTestId('toasts')).toContainText('A scan was read (8690000000002), but this screen does not use scans.');
    // The scanner test is an administrator's (behind the PIN).
    await unlockAdmin(page);
    await page.getByRole('button', { name: 'Start the test' }).click();
    await scan(page, '8690000000003');
    await expect(page.getByTestId('scanner-test')).toContainText('Recognised as a scan: 8690000000003');
    await expect(page.getByTestId('toasts')).not.toContainText('(8690000000003)');

    // Products takes a scan into a focused Barcode field; anywhere else it says where to put it.
    await page.getByRole('navigation').getByRole('button', { name: 'Products' }).click();
    await page.getByRole('main').click({ position: { x: 5, y: 5 } });
    await scan(page, '8690000000004');
    await expect(page.getByTestId('toasts')).toContainText(
      'A scan was read (8690000000004). To put it in a product, click a Barcode field first',
    );

    await page.getByRole('navigation').getByRole('button', { name: 'Counts' }).click();
    await page.getByRole('button', { name: 'A-01' }).click();
    await page.getByTestId('manual-code').fill('RAF-1');
    await page.getByTestId('manual-code').press('Enter');
    await expect(page.getByTestId('count-totals')).toContainText('1 unit');
    await page.getByRole('button', { name: 'Sign out' }).click();
    const dialog = page.getByRole('dialog', { name: 'A count is still open' });
    await expect(dialog).toContainText('The count of A-01 (1 products) has not been sent.');
    await expect(dialog.getByRole('button', { name: 'Stay signed in' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('navigation')).toBeVisible();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await dialog.getByRole('button', { name: 'Sign out anyway' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  });
});

test.describe('Turkish with the service offline', () => {
  test.use({ language: 'tr' });

  test('errors and toasts are Turkish, technical text folded away', async ({ page, app }) => {
    const L = resources.tr;
    await signInToSandbox(page, app, ['A-01'], 'tr');
    await app.sandbox.close();
    await page.getByRole('navigation').getByRole('button', { name: L.common.nav.packages }).click();
    await page.getByRole('button', { name: L.packages.sync.now }).click();
    const alert = page.getByRole('alert').first();
    await expect(alert).toContainText(L.errors.network);
    await expect(alert).toContainText(L.errors.cause.refused);
    // The technical text is there for support, but not what the worker reads.
    await expect(alert.locator('details')).not.toHaveAttribute('open');
    const visible = await page.locator('main').innerText();
    expect(visible).not.toMatch(/UND_ERR|ECONN|cannot reach|HTTP \d{3}|refused the write/);
  });
});

test.describe('Turkish: the core’s errors in the worker’s words', () => {
  test.use({ language: 'tr', sandboxOptions: { packages: 20, returns: 10, seed: 13, days: 20 } as never });

  test('wrong password, a code not in the return, a refused write, offline: no English on screen', async ({ page, app }) => {
    test.setTimeout(120_000);
    const L = resources.tr;
    // Words of the core's English messages; none of them is in a Turkish text of the app.
    const english =
      /\b(the|is|of|and|cannot|could|first|found|already|with|this|sign in|HTTP \d{3}|no (count|line|draft|package)|count \d+)\b/;
    const texts = (o: unknown): string[] =>
      typeof o === 'string' ? [o] : o && typeof o === 'object' ? Object.values(o).flatMap(texts) : [];
    expect(texts(resources.tr).filter((s) => english.test(s))).toEqual([]);
    // What a worker reads: the page without the folded technical details.
    const shown = () =>
      page.evaluate(() => {
        const copy = document.body.cloneNode(true) as HTMLElement;
        copy
          .querySelectorAll('details:not([open])')
          .forEach((d) => Array.from(d.childNodes).forEach((n) => n.nodeName !== 'SUMMARY' && n.remove()));
        return copy.innerText;
      });
    const noEnglish = async (step: string) => {
      const text = await shown();
      expect(text.match(english)?.[0] ?? null, `${step}: English on screen:\n${text}`).toBeNull();
    };
    /** Technical details opened: in Turkish too (issue 46.12: the core's English sentences were there). */
    const technicalInTurkish = async (step: string, within: Locator) => {
      const details = within.locator('details.error-detail').first();
      await details.locator('summary').click();
      await expect(details).toHaveAttribute('open');
      const text = await details.innerText();
      expect(text.match(english)?.[0] ?? null, `${step}: English under Technical details:\n${text}`).toBeNull();
      return text;
    };

    await app.core.call('profiles.save', {
      name: 'Depo',
      omsUrl: app.sandbox.url,
      pimUrl: app.sandbox.url,
      companyId: 1,
      storageCodes: ['A-01'],
    });
    await app.admin('inventory/unknown-skus', { skus: ['RAF-9'] });
    await page.reload();

    // Wrong password.
    await page.getByLabel(L.signIn.userName, { exact: true }).fill('demo');
    await page.getByLabel(L.signIn.password, { exact: true }).fill('yanlis-sifre');
    await page.getByRole('button', { name: L.signIn.submit, exact: true }).click();
    await expect(page.getByRole('alert').first()).toContainText(L.errors.auth_failed);
    await noEnglish('wrong password');
    await page.getByLabel(L.signIn.password, { exact: true }).fill('demo1234');
    await page.getByRole('button', { name: L.signIn.submit, exact: true }).click();
    await expect(page.getByRole('navigation')).toBeVisible();

    // A code that is neither an item of the open return nor a product.
    await page.getByRole('navigation').getByRole('button', { name: L.common.nav.packages }).click();
    await page.getByRole('button', { name: L.packages.sync.now }).click();
    await expect(page.getByTestId('package-list').getByRole('listitem').first()).toBeVisible();
    await page.getByRole('navigation').getByRole('button', { name: L.common.nav.returns }).click();
    await page.getByTestId('return-list').getByRole('listitem').first().click();
    await expect(page.getByTestId('inspection-line').first()).toBeVisible();
    await scan(page, 'RAF-77');
    // One message, not a second one in the detail that says something else.
    await expect(page.getByTestId('no-match')).toContainText(L.returns.noMatchHere.replace('{{code}}', 'RAF-77'));
    await expect(page.getByText(L.errors.reasons.not_in_return.replace('{{code}}', 'RAF-77'))).toHaveCount(0);
    await noEnglish('a code not in the return');

    // A write the service refuses, in the push status and in Recent counts.
    await page.getByRole('navigation').getByRole('button', { name: L.common.nav.counts }).click();
    await page.getByRole('button', { name: 'A-01', exact: true }).click();
    // The storage code's own label typed as a product: refused, and said in Turkish to the end.
    await page.getByTestId('manual-code').fill('A-01');
    await page.getByTestId('manual-code').press('Enter');
    const shelfAlert = page
      .getByRole('alert')
      .filter({ has: page.locator('details.error-detail') })
      .first();
    await expect(shelfAlert).toBeVisible();
    await noEnglish('a storage code’s label');
    expect(await technicalInTurkish('a storage code’s label', shelfAlert)).toContain('storage_code_scanned');
    await page.getByTestId('manual-code').fill('RAF-9');
    await page.getByTestId('manual-code').press('Enter');
    await page.getByTestId('last-scan').getByRole('button', { name: L.counts.last.own }).click();
    await page.getByRole('button', { name: L.counts.actions.review }).click();
    await page.getByRole('button', { name: L.counts.review.push_one.replace('{{count}}', '1') }).click();
    await expect(page.getByTestId('push-item')).toHaveAttribute('data-state', 'failed');
    await expect(page.getByTestId('push-item')).toContainText(L.errors.http['400']);
    await noEnglish('a refused write');
    expect(await technicalInTurkish('a refused write', page.getByTestId('push-item'))).toContain('400');
    await page.getByRole('button', { name: L.counts.actions.other }).click();
    await expect(page.getByTestId('count-history').getByTestId('count-state').first()).toHaveText(L.counts.history.write.refused);
    await noEnglish('recent counts');

    // The service gone.
    await app.sandbox.close();
    await page.getByRole('navigation').getByRole('button', { name: L.common.nav.packages }).click();
    await page.getByRole('button', { name: L.packages.sync.now }).click();
    await expect(page.getByRole('alert').first()).toContainText(L.errors.network);
    await noEnglish('offline');
  });
});
