import { expect, signInToSandbox, test } from './fixtures';
import { scanAtWindow } from './keyboards';

test.use({ sandboxOptions: { packages: 300, returns: 130, seed: 5, days: 10 }, viewport: { width: 1024, height: 768 } });

// The list keeps only the rows on screen and a few beyond them: the arrow keys must still reach a
// row far below the screen, keep it in view and focused, and Enter must open that package.
test('the package and return lists are worked with the arrow keys, past the rows on screen, and Enter opens the row', async ({
  page,
  app,
}) => {
  await signInToSandbox(page, app);
  await page.getByRole('navigation').getByRole('button', { name: 'Packages' }).click();
  await page.getByRole('button', { name: 'Sync now' }).click();
  await expect(page.getByTestId('last-sync')).toContainText('300 orders and 130 returns', { timeout: 60_000 });

  // A warehouse PC is slower than this one: keys arrive faster than the page draws.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });

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
  // Closed from the keyboard, the detail gives the focus back to the row it was opened from.
  await page.getByRole('button', { name: 'Close package' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('article')).toHaveCount(0);
  await expect(list.locator('[role="listitem"]:focus')).toHaveAttribute('data-index', String(steps));

  // And back up to the first row.
  await list.locator(`[data-index="${steps}"]`).focus();
  for (let i = 0; i < steps; i++) await page.keyboard.press('ArrowUp');
  await expect(list.locator('[role="listitem"]:focus')).toHaveAttribute('data-index', '0');
  await expect(list.locator('[role="listitem"]:focus')).toBeInViewport();
  // Tab leaves the list at once (one stop for the whole list, not one a row), and Shift+Tab comes
  // back to the row the keys were on.
  await page.keyboard.press('Tab');
  await expect(list.locator(':focus')).toHaveCount(0);
  await page.keyboard.press('Shift+Tab');
  await expect(list.locator('[role="listitem"]:focus')).toHaveAttribute('data-index', '0');

  // The Returns list the same way.
  await page.getByRole('navigation').getByRole('button', { name: 'Returns' }).click();
  // The screen opens on its scan field.
  await expect(page.getByLabel('Code on the parcel')).toBeFocused();
  const returns = page.getByTestId('return-list');
  await returns.getByRole('listitem').first().focus();
  const down = 20;
  for (let i = 0; i < down; i++) await page.keyboard.press('ArrowDown');
  const onReturn = returns.locator('[role="listitem"]:focus');
  await expect(onReturn).toHaveAttribute('data-index', String(down));
  await expect(onReturn).toBeInViewport();
  const returnId = /^(\d+) /.exec((await onReturn.getAttribute('aria-label')) ?? '')?.[1];
  expect(returnId).toBeTruthy();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('article', { name: `Return ${returnId}` })).toBeVisible();
  await page.getByRole('button', { name: 'Close return' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('article', { name: `Return ${returnId}` })).toHaveCount(0);
  await expect(onReturn).toHaveAttribute('data-index', String(down));
  // Past the first page of 100: an item of that return scanned, its inspection is saved and the
  // list read again from its first page. The focused row keeps the focus; the keys go on from it.
  await returns.evaluate((el) => (el.scrollTop = 103 * 72));
  const far = returns.locator('[data-index="105"]');
  await far.click();
  await expect(far).toBeFocused();
  const farId = Number(/^(\d+) /.exec((await far.getAttribute('aria-label')) ?? '')?.[1]);
  const rec = (await app.admin(`packages/record?id=${farId}`)) as { lines: { barcode: string }[] };
  await scanAtWindow(page, rec.lines[0]!.barcode);
  await expect(returns.locator('[data-index="105"] .inspection-in_progress')).toBeVisible();
  await expect(far).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(returns.locator('[role="listitem"]:focus')).toHaveAttribute('data-index', '106');
});

// A row whose page has not come yet shows "loading"; Enter on it must not be lost: the package
// opens as soon as its page arrives (a slow PC, a busy host).
test('Enter on a row still loading opens it once its page arrives', async ({ page, app }) => {
  await signInToSandbox(page, app);
  await page.getByRole('navigation').getByRole('button', { name: 'Packages' }).click();
  await page.getByRole('button', { name: 'Sync now' }).click();
  await expect(page.getByTestId('last-sync')).toContainText('300 orders and 130 returns', { timeout: 60_000 });
  const list = page.getByTestId('package-list');
  // The list read again after the sync (until then it may show the count of a sync under way).
  await expect(page.getByTestId('result-count')).toHaveText('430 packages');
  await expect(list.getByRole('listitem').first()).not.toHaveAttribute('aria-label', /Loading/);

  // Every page past the first is held at the host until the test lets it through.
  const held: (() => void)[] = [];
  let hold = true;
  await page.context().route('**/api/invoke/packages.search', async (route) => {
    const { offset } = route.request().postDataJSON() as { offset: number };
    if (hold && offset > 0) await new Promise<void>((go) => held.push(go));
    await route.continue();
  });
  await list.evaluate((el) => (el.scrollTop = el.scrollHeight));
  const last = list.locator('[data-index="429"]');
  await expect(last).toHaveAttribute('aria-label', 'Loading…');
  await last.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('article')).toHaveCount(0);
  await expect.poll(() => held.length).toBeGreaterThan(0);
  hold = false;
  for (const go of held.splice(0)) go();
  // The row's package, read once it has one (the list is read again after a sync: on a loaded
  // machine that can come between two reads of the row).
  let id: string | undefined;
  await expect.poll(async () => (id = /^\S+ (\d+) /.exec((await last.getAttribute('aria-label')) ?? '')?.[1])).toBeTruthy();
  await expect(page.getByRole('article').getByText(id!, { exact: true }).first()).toBeVisible();
  await expect(last).toBeFocused();
});
