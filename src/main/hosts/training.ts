import type { StartTrainingService } from '../core';

/**
 * Training mode's service for every host: the sandbox on loopback, signed in as its first user.
 * The sandbox (and node:http) is loaded when training starts, not with every host that offers it.
 */
export const sandboxTrainingService: StartTrainingService = async (options) => {
  const { createSandbox, DEFAULT_USERS } = await import('../sandbox/server');
  const [userName, password] = Object.entries(DEFAULT_USERS)[0] as [string, string];
  const sandbox = await createSandbox(options);
  return { url: sandbox.url, userName, password, close: () => sandbox.close() };
};
