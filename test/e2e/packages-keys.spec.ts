import { expect, signInToSandbox, test } from './fixtures';

test.use({ sandboxOptions: { packages: 300, returns: 40, seed: 5, days: 10 }, viewport: { width: 1024, height: 768 } });

// The list keeps only the rows on screen and a few beyond them: the arrow keys must still reach a
// row far below the screen, keep it in view and focused, and Enter must open that package.
test('the package list is worked with the arrow keys, past the rows on screen, and Enter opens the row', async ({ page, app }) => {
  await signInToSandbox(page, app);
  await page.getByRole('navigation').getByRole('button', { name: 'Packages' }).click();
  await page.getByRole('button', { name: 'Sync now' }).click();
  await expect(page.getByTestId('last-sync')).toContainText('300 orders and 40 returns', { timeout: 60_000 });

  const list = page.getByTestId('package-list');
  const rows = list.getByRole('listitem');
  await rows.first().focus();
  const steps = 25;
  for (let i = 0; i < steps; i++) await page.keyboard.press('ArrowDown');
  const focused = list.locator('[role="listitem"]:focus');
  await expect(focused).toHaveAttribute('data-index', String(steps));
  await expect(focused).toBeInViewport();
  const name = await focused.getAttribute('aria-label');
  const id = /^\S+ (\d+) /.exec(name ?? '')?.[1];
  expect(id, `row name: ${name}`).toBeTruthy();

  await page.keyboard.press('Enter');
  await expect(page.getByRole('article').getByText(id!, { exact: true }).first()).toBeVisible();

  // And back up to the first row.
  await list.locator(`[data-index="${steps}"]`).focus();
  for (let i = 0; i < steps; i++) await page.keyboard.press('ArrowUp');
  await expect(list.locator('[role="listitem"]:focus')).toHaveAttribute('data-index', '0');
  await expect(list.locator('[role="listitem"]:focus')).toBeInViewport();
});
