import { test as base, expect, type Page } from '@playwright/test';
import { join } from 'node:path';
import { createCore, type Core } from '../../src/main/core';
import { resources } from '../../src/shared/i18n';
import { startWebHost, type WebHost } from '../../src/main/hosts/web/server';
import { sandboxTrainingService } from '../../src/main/hosts/training';
import { createSandbox, type Sandbox, type SandboxOptions } from '../../src/main/sandbox/server';
import { tempDir } from '../support/temp';

export interface AppFixture {
  core: Core;
  host: WebHost;
  sandbox: Sandbox;
  dataDir: string;
  /** POST (or GET without body) to the sandbox admin API. */
  admin(path: string, body?: unknown): Promise<unknown>;
  /** Restarts core and web host on the same data directory (an app restart). */
  restart(): Promise<void>;
}

type Options = { sandboxOptions: SandboxOptions; language: 'en' | 'tr' };

/**
 * Signal-style bootstrap: a sandbox on port 0, a fresh data directory and a web host per test;
 * the page opens the app in English unless a test asks for Turkish.
 */
export const test = base.extend<Options & { app: AppFixture }>({
  sandboxOptions: [{ packages: 0, returns: 0 }, { option: true }],
  language: ['en', { option: true }],
  app: [
    async ({ page, sandboxOptions, language }, use, testInfo) => {
      const logs: string[] = [];
      page.on('console', (m) => logs.push(`[console.${m.type()}] ${m.text()}`));
      page.on('pageerror', (e) => logs.push(`[pageerror] ${e.message}`));
      const { dir, cleanup } = tempDir('wd-e2e-');
      const sandbox = await createSandbox(sandboxOptions);
      const rendererDir = join(import.meta.dirname, '../../out/renderer');
      const start = async () => {
        const core = createCore({
          dataDir: dir,
          host: 'web',
          log: () => undefined,
          trainingService: sandboxTrainingService,
        });
        await core.call('settings.update', { language });
        const host = await startWebHost({ core, rendererDir });
        return { core, host };
      };
      let { core, host } = await start();
      const fixture: AppFixture = {
        get core() {
          return core;
        },
        get host() {
          return host;
        },
        sandbox,
        dataDir: dir,
        async admin(path, body) {
          const res = await fetch(`${sandbox.url}/_sandbox/${path}`, {
            method: body === undefined ? 'GET' : 'POST',
            headers: { 'content-type': 'application/json' },
            body: body === undefined ? undefined : JSON.stringify(body),
          });
          return res.json() as Promise<unknown>;
        },
        async restart() {
          await host.close();
          await core.close();
          ({ core, host } = await start());
          await page.goto(host.openUrl);
        },
      };
      await page.goto(host.openUrl);
      await use(fixture);
      if (testInfo.status !== testInfo.expectedStatus) {
        await testInfo.attach('browser-log', { body: logs.join('\n'), contentType: 'text/plain' });
        if (process.env.WD_E2E_LOGS) console.log(logs.join('\n'));
      }
      await host.close();
      await core.close();
      await sandbox.close();
      cleanup();
    },
    // Every test gets the app, also those that only use `page`.
    { auto: true },
  ],
});

export { expect };

export const ADMIN_PIN = '2468';

/**
 * Opens the administrator settings on the Settings screen (already shown): sets the PIN the first
 * time (as on a new install), unlocks with it afterwards. English UI.
 */
export async function unlockAdmin(page: Page, pin = ADMIN_PIN) {
  const set = page.getByRole('button', { name: 'Set PIN and open' });
  const unlock = page.getByRole('button', { name: 'Unlock', exact: true });
  await expect(set.or(unlock)).toBeVisible();
  if (await set.isVisible()) {
    await page.getByLabel('Administrator PIN', { exact: true }).fill(pin);
    await page.getByLabel('PIN again').fill(pin);
    await set.click();
  } else {
    await page.getByLabel('Administrator PIN', { exact: true }).fill(pin);
    await unlock.click();
  }
  await expect(page.getByRole('button', { name: 'Lock', exact: true })).toBeVisible();
}

/** Adds a connection profile through the settings screen reached from sign-in. */
export async function addProfile(page: Page, omsUrl: string, name = 'Warehouse') {
  await page.getByRole('button', { name: 'Connections…' }).click();
  await unlockAdmin(page);
  await page.getByRole('button', { name: 'New connection' }).click();
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Order service (OMS) address').fill(omsUrl);
  await page.getByLabel('Storage codes').fill('A-01-01');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Connection saved.')).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
}

export async function signIn(page: Page, user = 'demo', password = 'demo1234', language: 'en' | 'tr' = 'en') {
  const L = resources[language].signIn;
  await page.getByLabel(L.userName, { exact: true }).fill(user);
  await page.getByLabel(L.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: L.submit, exact: true }).click();
}

/**
 * Saves a profile pointing at the fixture's sandbox (core side; the sign-in screen shows it as it
 * is saved) and signs in through the UI, in the
 * language the test's `language` option set (the sign-in screen's own words).
 */
export async function signInToSandbox(page: Page, app: AppFixture, storageCodes = ['A-01'], language: 'en' | 'tr' = 'en') {
  const saved = await app.core.call('profiles.save', {
    name: 'Depo',
    omsUrl: app.sandbox.url,
    pimUrl: app.sandbox.url,
    companyId: 1,
    storageCodes,
  });
  if (!saved.ok) throw new Error(`profile not saved: ${saved.error.message}`);
  // The open sign-in screen shows the new connection (profiles.changed), no reload needed.
  await expect(page.locator('main.sign-in select option', { hasText: `Depo — ${app.sandbox.url}` })).toHaveCount(1);
  await signIn(page, 'demo', 'demo1234', language);
  await expect(page.getByRole('navigation')).toBeVisible();
}
