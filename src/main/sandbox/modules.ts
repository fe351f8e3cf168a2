import { createAuthModule } from './auth';
import type { SandboxCore, SandboxModule, SandboxOptions } from './server';

/** Every part of the simulated service. A feature adds its module here. */
export const sandboxModules: Record<string, (core: SandboxCore, options: SandboxOptions) => SandboxModule> = {
  auth: createAuthModule,
};
