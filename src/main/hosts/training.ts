import type { StartTrainingService } from '../core';
import { createSandbox, DEFAULT_USERS } from '../sandbox/server';

const [userName, password] = Object.entries(DEFAULT_USERS)[0] as [string, string];

/** Training mode's service for every host: the sandbox on loopback, signed in as its first user. */
export const sandboxTrainingService: StartTrainingService = async (options) => {
  const sandbox = await createSandbox(options);
  return { url: sandbox.url, userName, password, close: () => sandbox.close() };
};
