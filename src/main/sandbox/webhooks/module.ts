import type { SandboxCore, SandboxModule, SandboxOptions } from '../server';

/** The webhooks part of the simulated service. */
export function createWebhooksModule(_core: SandboxCore, _options: SandboxOptions): SandboxModule {
  return {};
}
