import { safeStorage } from 'electron';
import type { SecretStore } from '../../core';

/**
 * Remembered passwords go through Electron safeStorage (Keychain, DPAPI, libsecret/kwallet).
 * On Linux without a keyring it falls back to `basic_text` (a hard-coded key): the core refuses to
 * use that unless the user agrees. https://www.electronjs.org/docs/latest/api/safe-storage
 */
export const electronSecretStore: SecretStore = {
  info() {
    if (!safeStorage.isEncryptionAvailable()) return { available: false, backend: 'none' };
    if (process.platform === 'linux') {
      const backend = safeStorage.getSelectedStorageBackend();
      if (backend === 'basic_text' || backend === 'unknown') return { available: true, backend: 'basic_text' };
    }
    return { available: true, backend: 'os' };
  },
  encrypt: (plain) => safeStorage.encryptString(plain),
  decrypt: (blob) => safeStorage.decryptString(blob),
};
