import type { SandboxCore, SandboxModule, SandboxOptions } from '../server';

/** The packages part of the simulated service. */
export function createPackagesModule(_core: SandboxCore, _options: SandboxOptions): SandboxModule {
  return {};
}
