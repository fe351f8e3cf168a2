import type { SandboxCore, SandboxModule, SandboxOptions } from '../server';

/** The inventory part of the simulated service. */
export function createInventoryModule(_core: SandboxCore, _options: SandboxOptions): SandboxModule {
  return {};
}
