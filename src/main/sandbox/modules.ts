import { createAuthModule } from './auth';
import { createInventoryModule } from './inventory/module';
import { createPackagesModule } from './packages/module';
import { createProductsModule } from './products/module';
import type { SandboxCore, SandboxModule, SandboxOptions } from './server';
import { createWebhooksModule } from './webhooks/module';

/** Every part of the simulated service. A feature adds its module here. */
export const sandboxModules: Record<string, (core: SandboxCore, options: SandboxOptions) => SandboxModule> = {
  auth: createAuthModule,
  packages: createPackagesModule,
  inventory: createInventoryModule,
  products: createProductsModule,
  webhooks: createWebhooksModule,
};
