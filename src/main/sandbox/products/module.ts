import type { SandboxCore, SandboxModule, SandboxOptions } from '../server';

/** The products part of the simulated service. */
export function createProductsModule(_core: SandboxCore, _options: SandboxOptions): SandboxModule {
  return {};
}
