import { resources } from '../../src/shared/i18n';
import { expect, signInToSandbox, test } from './fixtures';
import { scanAtWindow } from './keyboards';

const L = resources.tr.counts;

test.use({ language: 'tr', viewport: { width: 1024, height: 768 } });

/**
 * Issue 46.13: the Review opened with the focus on the page (11 Tabs to Send). However it opens —
 * the mouse, the keyboard, the scanned SEND command — its heading has the focus, and Send is the
 * next stop after Back.
 */
test('the review opens on its heading however it is opened, two Tabs from Send', async ({ page, app }) => {
  await signInToSandbox(page, app, ['A-01'], 'tr');
  await page.getByRole('button', { name: 'A-01', exact: true }).click();
  await scanAtWindow(page, 'RAF-9');
  await page.getByTestId('last-scan').getByRole('button', { name: L.last.own }).click();
  await expect(page.getByTestId('last-scan')).toHaveAttribute('data-outcome', 'counted');
  const heading = page.getByRole('heading', { name: L.review.title.replace('{{code}}', 'A-01') });
  const back = page.getByRole('button', { name: L.actions.back, exact: true });

  for (const how of ['mouse', 'command'] as const) {
    if (how === 'mouse') await page.getByRole('button', { name: L.actions.review }).click();
    else await scanAtWindow(page, 'WDCMD' + 'SEND');
    await expect(heading, how).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: L.review.push_one.replace('{{count}}', '1') }), how).toBeFocused();
    await back.click();
    await expect(page.getByRole('button', { name: L.actions.review })).toBeVisible();
  }
});
