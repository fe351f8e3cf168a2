import { BrowserWindow, ipcMain } from 'electron';
import { ipcChannel, ipcEventChannel, methodNames } from '../../../shared/contract';
import { err } from '../../../shared/result';
import type { Core } from '../../core';
import { isTrustedSender } from './security';

/**
 * One ipcMain.handle per contract method; the core parses the input. A call from anything but the
 * top frame of an app page is refused. Events go to every window that shows an app page.
 */
export function wireIpc(core: Core): () => void {
  for (const method of methodNames) {
    ipcMain.handle(ipcChannel(method), async (event, input: unknown) => {
      if (!isTrustedSender(event.senderFrame)) return err('forbidden', 'IPC from an untrusted frame');
      // The window is the caller: the administrator PIN is unlocked per window.
      try {
        return await core.invoke(method, input, `ipc:${event.sender.id}`);
      } catch (e) {
        // invoke answers every failure itself; anything that still escapes is answered, not thrown.
        return err('call_failed', `${method}: ${e instanceof Error ? e.message : String(e)}`.slice(0, 2_000));
      }
    });
  }
  const off = core.bus.onAny((name, payload) => {
    for (const win of BrowserWindow.getAllWindows()) {
      if (!win.isDestroyed() && isTrustedSender(win.webContents.mainFrame)) win.webContents.send(ipcEventChannel, { name, payload });
    }
  });
  return () => {
    off();
    for (const method of methodNames) ipcMain.removeHandler(ipcChannel(method));
  };
}
