import { _electron as electron, expect, test, type ElectronApplication } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { createSandbox, type Sandbox } from '../../../src/main/sandbox/server';
import { tempDir } from '../../support/temp';
import { electronAvailability } from './availability';

const root = join(import.meta.dirname, '../../..');
const { binaryInstalled } = electronAvailability(root);

/**
 * The real desktop app (Electron binary, preload, IPC, sandboxed window, app:// protocol): sign in
 * to the sandbox and open every screen. Runs wherever `npm install` downloaded an Electron binary
 * (`npx playwright test --project=electron`); it builds the app and the Electron build of
 * better-sqlite3 first. On machines without a binary (CI here) it is skipped and says so; the
 * same host is tested there on a stand-in (test/hosts/electron).
 */
test.describe('electron app', () => {
  test.skip(!binaryInstalled, 'SKIPPED: no Electron binary in node_modules/electron on this machine');

  let sandbox: Sandbox;
  let data: ReturnType<typeof tempDir>;
  let app: ElectronApplication;

  test.beforeAll(() => {
    execFileSync(process.execPath, [join(root, 'scripts/electron-native.mjs')], { cwd: root, stdio: 'inherit' });
    execFileSync(process.execPath, [join(root, 'node_modules/electron-vite/bin/electron-vite.js'), 'build'], {
      cwd: root,
      stdio: 'inherit',
    });
  });

  test.beforeEach(async () => {
    sandbox = await createSandbox();
    data = tempDir('wd-electron-');
    // The app folder (package.json "main": out/main/index.js), as `npm start` runs it.
    app = await electron.launch({ args: [root], cwd: root, env: { ...process.env, WD_DATA_DIR: data.dir } });
  });

  test.afterEach(async () => {
    await app.close();
    await sandbox.close();
    data.cleanup();
  });

  test('signs in to the sandbox through IPC, refuses a wrong password, opens every screen', async () => {
    const page = await app.firstWindow();
    expect(page.url()).toBe('app://warehouse-desk/index.html');
    // Sandboxed, isolated renderer: no Node, no ipcRenderer, only the contract's functions.
    const exposure = await page.evaluate(() => {
      const w = globalThis as unknown as { require?: unknown; process?: unknown; api?: Record<string, unknown> };
      return { require: typeof w.require, process: typeof w.process, api: Object.keys(w.api ?? {}) };
    });
    expect(exposure.require).toBe('undefined');
    expect(exposure.process).toBe('undefined');
    expect(exposure.api).toContain('session.signIn');
    expect(exposure.api).not.toContain('ipcRenderer');
    // Navigation away from the app is refused in the real window too.
    await page.evaluate(() => {
      (globalThis as unknown as { location: { href: string } }).location.href = 'https://example.com/';
    });
    await expect(page).toHaveURL('app://warehouse-desk/index.html');

    await page.getByRole('button', { name: /Connections…|Bağlantılar…/ }).click();
    await page.getByLabel(/Language|Dil/).selectOption('en');
    // First use: the administrator PIN is set before the first connection.
    await page.getByLabel('Administrator PIN', { exact: true }).fill('2468');
    await page.getByLabel('PIN again', { exact: true }).fill('2468');
    await page.getByRole('button', { name: 'Set PIN and open' }).click();
    await page.getByRole('button', { name: 'New connection' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Sandbox');
    await page.getByLabel('Order service (OMS) address').fill(sandbox.url);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByLabel('User name', { exact: true }).fill('demo');
    await page.getByLabel('Password', { exact: true }).fill('wrong');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('alert')).toContainText('User name or password is wrong.');
    await page.getByLabel('Password', { exact: true }).fill('demo1234');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const nav = page.getByRole('navigation');
    await expect(nav).toBeVisible();

    for (const screen of ['Counts', 'Packages', 'Returns', 'Products', 'Notifications', 'Settings']) {
      await nav.getByRole('button', { name: screen }).click();
      await expect(nav.getByRole('button', { name: screen })).toHaveAttribute('aria-current', 'page');
      await expect(page.getByRole('main', { name: screen })).toBeVisible();
      await expect(page.getByText('Something went wrong')).toHaveCount(0);
    }
    // The screen shortcuts work in the desktop window too (Alt alone shows the hidden menu bar).
    await page.keyboard.press('Alt+2');
    await expect(page.getByRole('main', { name: 'Packages' })).toBeVisible();
  });
});
