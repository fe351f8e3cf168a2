import type { SecretStorageInfo } from '../../shared/domain/session';

/**
 * Where remembered passwords are encrypted. The Electron host implements it with safeStorage; the
 * web host and the CLI have none, so they never remember a password.
 */
export interface SecretStore {
  info(): SecretStorageInfo;
  encrypt(plain: string): Buffer;
  decrypt(blob: Buffer): string;
}

export const noSecretStore: SecretStore = {
  info: () => ({ available: false, backend: 'none' }),
  encrypt: () => {
    throw new Error('no secret store on this host');
  },
  decrypt: () => {
    throw new Error('no secret store on this host');
  },
};
