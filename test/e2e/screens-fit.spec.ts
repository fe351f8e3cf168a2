/// <reference lib="dom" />
import type { Page, TestInfo } from '@playwright/test';
import { resources } from '../../src/shared/i18n';
import { expect, signInToSandbox, test } from './fixtures';
import { scanAtWindow } from './keyboards';
import { axeViolations } from './axe';

/**
 * The floor check: every screen, in both languages, at the two screen sizes warehouse PCs have.
 * Nothing in the main region scrolls sideways, the page itself never scrolls, the screen's primary
 * action (marked `data-primary`) is inside the viewport, the status bar is one line, no text is cut
 * without an ellipsis, and axe-core finds no serious or critical violation. Screenshots are kept as
 * test artifacts (test-results/…/<screen>.png) whether the test passes or not.
 */
test.use({ sandboxOptions: { packages: 80, returns: 40, seed: 13, days: 20 } });

type Lang = 'tr' | 'en';
const sizes = [
  { width: 1024, height: 768 },
  { width: 1366, height: 768 },
] as const;

const scan = scanAtWindow;

interface Layout {
  pageScrollX: boolean;
  pageScrollY: boolean;
  mainOverflowX: string[];
  clipped: string[];
  statusBarWrapped: boolean;
  navWrapped: boolean;
  rowOverlaps: string[];
  spilled: string[];
  brokenCodes: string[];
  primary: { found: boolean; inViewport: boolean; rect?: string };
}

/** Measured in the page: what a person would see as cut, scrolled or wrapped. */
function measure(): Layout {
  const doc = document.scrollingElement as HTMLElement;
  const describe = (el: Element) =>
    `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\s+/).join('.') : ''} "${(el.textContent ?? '').trim().slice(0, 40)}"`;
  const mainOverflowX: string[] = [];
  for (const main of Array.from(document.querySelectorAll('main'))) {
    const regions = [main, ...Array.from(main.querySelectorAll('*'))];
    for (const el of regions) {
      const cs = getComputedStyle(el);
      const scrolls = el === main || cs.overflowX === 'auto' || cs.overflowX === 'scroll';
      if (scrolls && el.scrollWidth > el.clientWidth + 1 && (el as HTMLElement).offsetParent !== null)
        mainOverflowX.push(`${describe(el)} ${el.scrollWidth}>${el.clientWidth}`);
    }
  }
  // Text cut off by overflow: hidden without an ellipsis (a digit of a code silently missing).
  const clipped: string[] = [];
  for (const el of Array.from(document.body.querySelectorAll('*'))) {
    const cs = getComputedStyle(el);
    if (cs.overflowX !== 'hidden' && cs.overflowX !== 'clip') continue;
    if (el.classList.contains('visually-hidden') || (cs.position === 'absolute' && el.clientWidth <= 1)) continue;
    if (el.scrollWidth > el.clientWidth + 1 && cs.textOverflow !== 'ellipsis' && (el.textContent ?? '').trim() !== '') {
      // A container whose children scroll themselves is not clipping text.
      if (el.children.length > 0 && Array.from(el.children).every((c) => getComputedStyle(c).position === 'absolute')) continue;
      clipped.push(`${describe(el)} ${el.scrollWidth}>${el.clientWidth}`);
    }
  }
  const bar = document.querySelector('.status-bar');
  // Wrapped when one item starts below where another ends.
  const rects = Array.from(bar?.children ?? [])
    .map((c) => c.getBoundingClientRect())
    .filter((r) => r.width > 0 && r.height > 0);
  const wrapped = rects.length > 0 && Math.max(...rects.map((r) => r.top)) >= Math.min(...rects.map((r) => r.bottom));
  const navRects = Array.from(document.querySelectorAll('nav button')).map((b) => b.getBoundingClientRect());
  const navWrapped = navRects.length > 0 && Math.max(...navRects.map((r) => r.top)) >= Math.min(...navRects.map((r) => r.bottom));
  // Rows of a list never run into each other: what a row draws (its own box and every visible
  // descendant's, e.g. an unknown line's resolver buttons) ends above where the next row starts.
  const rowOverlaps: string[] = [];
  for (const body of Array.from(document.querySelectorAll('[data-testid="count-lines"]'))) {
    const drawn = Array.from(body.querySelectorAll('[role="row"]')).map((row) => {
      const boxes = [row, ...Array.from(row.querySelectorAll('*'))]
        .map((e) => e.getBoundingClientRect())
        .filter((r) => r.width > 0 && r.height > 0);
      return { row, top: Math.min(...boxes.map((r) => r.top)), bottom: Math.max(...boxes.map((r) => r.bottom)) };
    });
    drawn.sort((a, b) => a.top - b.top);
    for (let i = 1; i < drawn.length; i++)
      if (drawn[i - 1]!.bottom > drawn[i]!.top + 0.5)
        rowOverlaps.push(
          `${describe(drawn[i - 1]!.row)} ends at ${Math.round(drawn[i - 1]!.bottom)}, ${describe(drawn[i]!.row)} starts at ${Math.round(drawn[i]!.top)}`,
        );
  }
  // A table cell whose text runs past its edge into the next cell (e.g. two headers drawn over each other).
  const spilled: string[] = [];
  for (const el of Array.from(document.querySelectorAll<HTMLElement>('main th, main td, main [role="cell"], main [role="columnheader"]'))) {
    if (el.offsetParent === null || getComputedStyle(el).overflowX !== 'visible') continue;
    if (el.scrollWidth > el.clientWidth + 1) spilled.push(`${describe(el)} ${el.scrollWidth}>${el.clientWidth}`);
  }
  // A code (marked data-code-line) is read as one piece: its text sits on one line.
  const brokenCodes: string[] = [];
  for (const el of Array.from(document.querySelectorAll<HTMLElement>('[data-code-line]'))) {
    if (el.offsetParent === null) continue;
    const range = document.createRange();
    range.selectNodeContents(el);
    const tops = new Set(
      Array.from(range.getClientRects())
        .filter((r) => r.width > 0)
        .map((r) => Math.round(r.top)),
    );
    if (tops.size > 1) brokenCodes.push(`${describe(el)} on ${tops.size} lines`);
  }
  const primary = Array.from(document.querySelectorAll<HTMLElement>('[data-primary]')).find((e) => e.offsetParent !== null);
  const r = primary?.getBoundingClientRect();
  return {
    pageScrollX: doc.scrollWidth > doc.clientWidth + 1,
    pageScrollY: doc.scrollHeight > doc.clientHeight + 1,
    mainOverflowX,
    clipped,
    statusBarWrapped: wrapped,
    navWrapped,
    rowOverlaps,
    spilled,
    brokenCodes,
    primary: {
      found: !!primary,
      inViewport: !!r && r.top >= 0 && r.left >= 0 && r.bottom <= window.innerHeight && r.right <= window.innerWidth,
      rect: r ? `${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.width)}×${Math.round(r.height)}` : undefined,
    },
  };
}

async function check(page: Page, info: TestInfo, name: string, opts: { primary?: boolean } = {}) {
  // The screen drawn, not the frame between two screens (a loaded CI run measured the review screen
  // before its Send button was there).
  if (opts.primary !== false) await expect(page.locator('[data-primary]:visible').first()).toBeVisible();
  // Let virtual lists and fonts settle (a frame or two, not a sleep on behaviour).
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const path = info.outputPath(`${name}.png`);
  await page.screenshot({ path });
  await info.attach(name, { path, contentType: 'image/png' });
  const m = await page.evaluate(measure);
  expect.soft(m.pageScrollX, `${name}: the page scrolls sideways`).toBe(false);
  expect.soft(m.pageScrollY, `${name}: the page itself scrolls (one scroll container per region)`).toBe(false);
  expect.soft(m.mainOverflowX, `${name}: a region of the main area scrolls sideways`).toEqual([]);
  expect.soft(m.clipped, `${name}: text cut without an ellipsis`).toEqual([]);
  expect.soft(m.navWrapped, `${name}: the screen tabs wrap`).toBe(false);
  expect.soft(m.rowOverlaps, `${name}: rows of a list overlap`).toEqual([]);
  expect.soft(m.spilled, `${name}: a cell's text runs into the next cell`).toEqual([]);
  expect.soft(m.brokenCodes, `${name}: a code is broken over lines`).toEqual([]);
  expect.soft(m.statusBarWrapped, `${name}: the status bar wraps`).toBe(false);
  if (opts.primary !== false) {
    expect.soft(m.primary.found, `${name}: no primary action marked`).toBe(true);
    expect.soft(m.primary.inViewport, `${name}: primary action outside the viewport (${m.primary.rect})`).toBe(true);
  }
  const bad = (await axeViolations(page))
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id}: ${v.help} — ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(' | ')}`,
    );
  expect.soft(bad, `${name}: axe serious/critical violations`).toEqual([]);
}

/**
 * What a worker reads and presses without scrolling: each element is inside the window, and its
 * middle and four corners are its own (not under a sticky bar or a button, not clipped by a region).
 */
function uncovered(selectors: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, sel] of Object.entries(selectors)) {
    const el = document.querySelector(sel);
    if (!el) {
      out[name] = 'missing';
      continue;
    }
    const b = el.getBoundingClientRect();
    if (b.top < 0 || b.left < 0 || b.bottom > innerHeight || b.right > innerWidth) {
      out[name] = `outside the window (${Math.round(b.left)},${Math.round(b.top)}–${Math.round(b.right)},${Math.round(b.bottom)})`;
      continue;
    }
    // Inside rounded corners (the radius is 6 px).
    const points = [
      [b.left + b.width / 2, b.top + b.height / 2],
      [b.left + 4, b.top + 4],
      [b.right - 4, b.top + 4],
      [b.left + 4, b.bottom - 4],
      [b.right - 4, b.bottom - 4],
    ] as const;
    const over = points.map(([x, y]) => document.elementFromPoint(x, y)).find((at) => !at || (at !== el && !el.contains(at)));
    out[name] = over === undefined ? 'in view' : `under ${over?.tagName.toLowerCase()} "${(over?.textContent ?? '').trim().slice(0, 30)}"`;
  }
  return out;
}

/**
 * The bar of the screen's primary action: nothing of what scrolls in the screen is drawn in it or
 * under it (a row showing through, or in the gap between the bar and the window's edge).
 */
function underPrimaryBar(): string[] {
  const bar = document.querySelector('[data-primary]')!.parentElement!;
  const main = bar.closest('main')!;
  const top = bar.getBoundingClientRect().top;
  const seen: string[] = [];
  for (const el of Array.from(main.querySelectorAll('tr, li, p, label, .card, h2, h3'))) {
    if (bar.contains(el)) continue;
    let r = el.getBoundingClientRect();
    // What its scrolling regions let through.
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      if (getComputedStyle(a).overflowY === 'visible') continue;
      const c = a.getBoundingClientRect();
      r = new DOMRect(r.left, Math.max(r.top, c.top), r.width, Math.min(r.bottom, c.bottom) - Math.max(r.top, c.top));
    }
    if (r.height > 0.5 && r.bottom > top + 0.5)
      seen.push(`${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 30)}" to ${Math.round(r.bottom)}`);
  }
  return seen;
}

/** Lines the text of each element takes. */
function textLines(sel: string): number[] {
  return Array.from(document.querySelectorAll(sel)).map((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set(
      Array.from(range.getClientRects())
        .filter((r) => r.width > 0)
        .map((r) => Math.round(r.top)),
    ).size;
  });
}

/** Products of the recount and training checks (one name takes two lines on the card at 1024×768). */
const ATKI = { sku: 'SKU-ATKI', barcode: '8690010015822', name: 'Yün Atkı' };
const HIRKA = { sku: 'SKU-HIRKA', barcode: '8690010003157', name: 'Örgü Hırka Bej L' };
const KORDON = { sku: 'SKU-KORDON', barcode: '8690010016522', name: 'Akıllı Saat Kordonu' };

for (const language of ['tr', 'en'] as const satisfies readonly Lang[]) {
  for (const viewport of sizes) {
    test.describe(`${language} ${viewport.width}×${viewport.height}`, () => {
      test.use({ language, viewport });

      test('every screen fits, keeps its primary action in view and passes axe', async ({ page, app }, info) => {
        test.setTimeout(180_000);
        const L = resources[language];
        const nav = (name: string) => page.getByRole('navigation').getByRole('button', { name, exact: true }).click();

        await app.core.call('profiles.save', {
          name: 'Depo',
          omsUrl: app.sandbox.url,
          pimUrl: app.sandbox.url,
          companyId: 1,
          storageCodes: ['A-01-01', 'A-01-02', 'B-02-01', 'IADE-01'],
        });
        await page.reload();
        // The sign-in drawn, not "Loading…" (a CI run measured the page before the app had started).
        await expect(page.getByLabel(L.signIn.userName, { exact: true })).toBeVisible();
        await check(page, info, '01-sign-in');
        await page.getByLabel(L.signIn.userName, { exact: true }).fill('demo');
        await page.getByLabel(L.signIn.password, { exact: true }).fill('demo1234');
        await page.getByRole('button', { name: L.signIn.submit, exact: true }).click();
        await expect(page.getByRole('navigation')).toBeVisible();

        await nav(L.common.nav.packages);
        await page.getByRole('button', { name: L.packages.sync.now }).click();
        await expect(page.getByTestId('package-list').getByRole('listitem').first()).toBeVisible();
        await check(page, info, '02-packages-list');
        await page.getByTestId('package-list').getByRole('listitem').first().click();
        await expect(page.locator('.packages-right article, .packages-right section').first()).toBeVisible();
        await check(page, info, '03-packages-detail');
        // Beside the open package the list is narrow: the customers' names are still read whole.
        const cutPackageNames = await page.evaluate(() =>
          Array.from(document.querySelectorAll('[data-testid="package-list"] .package-line-customer'))
            .filter((n) => {
              const line = n.parentElement!.getBoundingClientRect();
              return n.getBoundingClientRect().right > line.right + 1 || n.scrollWidth > n.clientWidth + 1;
            })
            .map((n) => n.textContent),
        );
        expect.soft(cutPackageNames, '03-packages-detail: customer names cut in the list').toEqual([]);
        // And the row's three lines fit in its height (the list gives every row the same): a line
        // squeezed by the row clips its text at the bottom.
        const tallRows = await page.evaluate(() =>
          Array.from(document.querySelectorAll<HTMLElement>('[data-testid="package-list"] .package-line'))
            .filter((l) => l.scrollHeight > l.clientHeight)
            .map((l) => `${l.textContent}: ${l.scrollHeight} > ${l.clientHeight}`),
        );
        expect.soft(tallRows, '03-packages-detail: rows taller than the list gives them').toEqual([]);

        await nav(L.common.nav.returns);
        await expect(page.getByTestId('return-list').getByRole('listitem').first()).toBeVisible();
        await check(page, info, '04-returns-list');
        await page.getByTestId('return-list').getByRole('listitem').first().click();
        await expect(page.getByTestId('inspection-line').first()).toBeVisible();
        await check(page, info, '05-returns-detail');
        // Beside the open return the list is narrow: the customers' names are still read whole (the
        // pills open the second line), not cut to a letter or two.
        const cutNames = await page.evaluate(() =>
          Array.from(document.querySelectorAll('[data-testid="return-list"] .package-row-customer'))
            .filter((n) => n.scrollWidth > n.clientWidth + 1)
            .map((n) => n.textContent),
        );
        expect.soft(cutNames, '05-returns-detail: customer names cut in the list').toEqual([]);

        // Barcodes of real products (from the synced returns) to count.
        const rec = (await app.admin('packages/record?id=900000')) as { lines: { barcode: string }[] };
        await nav(L.common.nav.counts);
        await check(page, info, '06-counts-picker');
        await page.getByRole('button', { name: 'A-01-01', exact: true }).click();
        for (const line of rec.lines.slice(0, 3)) await scan(page, line.barcode);
        await expect(page.getByTestId('last-scan')).toContainText('+1');
        // While counting known items the scanning column needs no scrolling: the typed-code field
        // sits above the buttons, not under them (an unknown code's card, below, may grow).
        const column = await page.evaluate(() => {
          // The column is a frame: the card is what would scroll (or the column, were its fields too tall).
          const scrolls = (el: Element) => el.scrollHeight > el.clientHeight + 1;
          const left = document.querySelector('.counting-left')!;
          const field = document.querySelector('[data-testid="manual-code"]')!.getBoundingClientRect();
          const buttons = document.querySelector('.sticky-actions')!.getBoundingClientRect();
          return {
            scrolls: scrolls(left) || scrolls(document.querySelector('[data-testid="last-scan"]')!),
            fieldBelowButtons: field.bottom > buttons.top + 1,
          };
        });
        expect.soft(column, 'counting: the scanning column').toEqual({ scrolls: false, fieldBelowButtons: false });
        await scan(page, '2000000000008');
        await expect(page.locator('.count-lines, table').first()).toBeVisible();
        // An unknown code's card, with its three choices, still fits: its choices and the typed-code
        // field are in view without scrolling the column.
        await expect(page.getByTestId('last-scan')).toHaveAttribute('data-outcome', 'unknown');
        const unknownColumn = await page.evaluate(() => {
          const scrolls = (el: Element) => el.scrollHeight > el.clientHeight + 1;
          return {
            scrolls: scrolls(document.querySelector('.counting-left')!) || scrolls(document.querySelector('[data-testid="last-scan"]')!),
          };
        });
        expect.soft(unknownColumn, 'counting an unknown code: the scanning column').toEqual({ scrolls: false });
        await check(page, info, '07-counts-counting');
        await page.getByRole('button', { name: L.counts.actions.review }).click();
        await expect(page.getByRole('button', { name: L.counts.actions.back })).toBeVisible();
        await check(page, info, '08-counts-review');
        // Send the count (without the unknown code), so that the outbox has a write to show.
        await page.getByRole('button', { name: L.counts.actions.back }).click();
        await page.getByRole('button', { name: L.counts.lines.remove.replace('{{sku}}', '2000000000008') }).click();
        await page.getByRole('button', { name: L.counts.actions.review }).click();
        await page.locator('[data-primary]').click();

        await nav(L.common.nav.products);
        await expect(page.locator('main.products-screen')).toBeVisible();
        await check(page, info, '09-products');
        await nav(L.common.nav.notifications);
        await expect(page.locator('main[aria-labelledby="notifications-title"]')).toBeVisible();
        await check(page, info, '10-notifications', { primary: false });
        await nav(L.common.nav.settings);
        await expect(page.locator('main.settings')).toBeVisible();
        await check(page, info, '11-settings', { primary: false });
        // The administrator's part, after setting the PIN (first use).
        await page.getByLabel(L.settings.admin.pin, { exact: true }).fill('2468');
        await page.getByLabel(L.settings.admin.confirm, { exact: true }).fill('2468');
        await page.getByRole('button', { name: L.settings.admin.set }).click();
        await expect(page.getByRole('heading', { name: L.settings.profiles.title })).toBeVisible();
        await check(page, info, '11b-settings-admin', { primary: false });
        await nav(L.common.nav.outbox);
        await page.getByLabel(L.outbox.filter).selectOption('all');
        await page.getByRole('button', { name: L.outbox.actions.open }).first().click();
        await check(page, info, '12-outbox');
      });

      test('recount: Review says beside Send why it waits, recount mode keeps the scanning column, Recent counts keeps codes whole', async ({
        page,
        app,
      }, info) => {
        const L = resources[language];
        const one = (text: string) => text.replace('{{count}}', '1');
        await signInToSandbox(page, app, ['A-01'], language);
        const { productsOf } = await import('../../src/main/core/catalog/products-repo');
        for (const p of [ATKI, HIRKA, KORDON]) productsOf(app.core.ctx.workspace()).save(p, 'saved');
        // Yesterday's count of A-01 (ATKI 10, HIRKA 4, KORDON 20) and recount on variance (5 units, 20 %).
        const call = async (method: string, input: unknown) => {
          const r = (await app.core.call(method as never, input as never)) as { ok: boolean; value?: unknown; error?: unknown };
          if (!r.ok) throw new Error(`${method}: ${JSON.stringify(r.error)}`);
          return r.value as { session: { id: number } };
        };
        const first = await call('counts.open', { storageCode: 'A-01' });
        for (const [p, quantity] of [
          [ATKI, 10],
          [HIRKA, 4],
          [KORDON, 20],
        ] as const)
          await call('counts.scan', { sessionId: first.session.id, code: p.barcode, quantity });
        await call('counts.push', { sessionId: first.session.id, zeroMissing: false, confirmed: false });
        await call('counts.setOptions', { recount: true });
        await page.keyboard.press('Alt+6');
        await page.keyboard.press('Alt+1');

        // Recent counts: the storage code on one line however narrow its column.
        await expect(page.getByTestId('count-history').getByRole('row')).toHaveCount(1);
        await check(page, info, '13-counts-recent');
        expect
          .soft(await page.evaluate(textLines, '[data-testid="count-history"] td:first-child'), 'Recent counts: the storage code')
          .toEqual([1]);

        // Today: ATKI 17 (+7: to recount), HIRKA 4; KORDON not found.
        await page.getByRole('button', { name: 'A-01', exact: true }).click();
        await page.getByTestId('next-quantity').fill('17');
        await scan(page, ATKI.barcode);
        for (let i = 0; i < 4; i++) await scan(page, HIRKA.barcode);
        await expect(page.getByTestId('count-totals')).toContainText('21');
        await page.getByRole('button', { name: L.counts.actions.review }).click();
        const why = page.getByText(one(L.counts.review.blocked_one));
        await expect(why).toBeVisible();
        await check(page, info, '14-counts-review-recount');
        await page.getByRole('button', { name: L.counts.review.recount.start }).evaluate((b) => b.setAttribute('data-check', 'recount'));
        const review = await page.evaluate(uncovered, {
          send: '[data-primary]',
          why: '#review-blocked',
          recount: '[data-check="recount"]',
        });
        expect
          .soft(review, 'Review: Send, why it waits and the recount, without scrolling')
          .toEqual({ send: 'in view', why: 'in view', recount: 'in view' });
        expect.soft(await page.evaluate(underPrimaryBar), 'Review: the lines show through or under the Send bar').toEqual([]);

        // Recount mode, a product not to recount refused: the card's heading, the fields and the
        // buttons stay in view.
        await page.getByRole('button', { name: L.counts.review.recount.start }).click();
        await expect(page.getByRole('region', { name: L.counts.recountMode.title })).toBeVisible();
        await scan(page, HIRKA.barcode);
        await expect(page.getByTestId('last-scan')).toHaveAttribute('data-outcome', 'failed');
        await check(page, info, '15-counts-recount-mode');
        const column = await page.evaluate(uncovered, {
          card: '[data-testid="last-scan"] .last-scan-label',
          quantity: '[data-testid="next-quantity"]',
          code: '[data-testid="manual-code"]',
          review: '.sticky-actions [data-primary]',
        });
        expect
          .soft(column, 'recount mode: the scanning column')
          .toEqual({ card: 'in view', quantity: 'in view', code: 'in view', review: 'in view' });
      });

      test('a sync that skipped a package: its note, closed and open, leaves the search and the list in view', async ({
        page,
        app,
      }, info) => {
        const L = resources[language];
        // Orders the service sends garbled (sandbox packages/garble): the first sync skips them. Six,
        // half of them with the longer line (order number, package id and the field), so the list
        // under the note is more than a line or two.
        const garbled = [500_003, 500_011, 500_019, 500_027, 500_035, 500_043];
        for (const [i, id] of garbled.entries()) await app.admin('packages/garble', { id, how: i % 2 ? 'wrong_field' : 'no_id' });
        await signInToSandbox(page, app, ['A-01'], language);
        await page.keyboard.press('Alt+2');
        const note = page.getByTestId('sync-skipped');
        await expect(note).toBeVisible({ timeout: 30_000 });
        await expect(page.getByRole('button', { name: L.packages.sync.now })).toBeEnabled();
        await expect(page.getByTestId('package-list').getByRole('listitem').first()).toBeVisible();
        const inView = () =>
          page.evaluate(uncovered, {
            search: '[data-primary]',
            summary: '[data-testid="sync-skipped"] summary',
            firstRow: '[data-testid="package-list"] [role="listitem"]',
            list: '[data-testid="package-list"]',
          });
        const all = { search: 'in view', summary: 'in view', firstRow: 'in view', list: 'in view' };
        await check(page, info, '17-packages-skipped');
        expect.soft(await inView(), 'skipped note closed: the search, the note and the list').toEqual(all);
        const summaryHeight = await note.locator('summary').evaluate((s) => s.getBoundingClientRect().height);
        expect.soft(summaryHeight, 'skipped note: its summary is a 48 px target').toBeGreaterThanOrEqual(48);
        await note.locator('summary').click();
        await expect(note.getByRole('listitem')).toHaveCount(garbled.length);
        await check(page, info, '18-packages-skipped-open');
        expect.soft(await inView(), 'skipped note open: the search, the note and the list').toEqual(all);
        // The list keeps two whole rows under the open note (not squeezed to a sliver).
        const rows = await page
          .getByTestId('package-list')
          .evaluate((l) => l.clientHeight / l.querySelector('[role="listitem"]')!.getBoundingClientRect().height);
        expect.soft(rows, 'skipped note open: rows of the list in view').toBeGreaterThanOrEqual(2);
      });

      test('training: a product name on two lines and a typed quantity leave the fields whole above the buttons', async ({
        page,
        app,
      }, info) => {
        const L = resources[language];
        await page.getByRole('button', { name: L.signIn.training, exact: true }).click();
        await expect(page.getByTestId('training-banner')).toBeVisible();
        const { productsOf } = await import('../../src/main/core/catalog/products-repo');
        productsOf(app.core.ctx.workspace()).save(KORDON, 'saved');
        await page.getByRole('button', { name: 'A-01-01', exact: true }).click();
        await scan(page, KORDON.barcode);
        await expect(page.getByTestId('last-scan')).toContainText(KORDON.name);
        await page.getByTestId('next-quantity').fill('5');
        await expect(page.getByTestId('next-times')).toBeVisible();
        await check(page, info, '16-counts-training');
        const column = await page.evaluate(uncovered, {
          card: '[data-testid="last-scan"] .last-scan-label',
          name: '[data-testid="last-scan"] .last-scan-name',
          quantity: '[data-testid="next-quantity"]',
          code: '[data-testid="manual-code"]',
        });
        expect
          .soft(column, 'training: the scanning column')
          .toEqual({ card: 'in view', name: 'in view', quantity: 'in view', code: 'in view' });
      });
    });
  }
}
