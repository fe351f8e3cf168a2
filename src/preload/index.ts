/**
 * The only bridge between the page and the app. It exposes one named function per contract method
 * and an `on` for contract events; never ipcRenderer itself. Runs sandboxed (CommonJS bundle).
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { eventNames, ipcChannel, ipcEventChannel, methodNames, type EventName } from '../shared/contract';

const api: Record<string, unknown> = {};
for (const method of methodNames) {
  api[method] = (input: unknown) => ipcRenderer.invoke(ipcChannel(method), input);
}
api.on = (event: EventName, listener: (payload: unknown) => void) => {
  if (!eventNames.includes(event)) throw new Error(`unknown event ${String(event)}`);
  const handler = (_e: IpcRendererEvent, msg: { name: string; payload: unknown }) => {
    if (msg?.name === event) listener(msg.payload);
  };
  ipcRenderer.on(ipcEventChannel, handler);
  return () => {
    ipcRenderer.removeListener(ipcEventChannel, handler);
  };
};

contextBridge.exposeInMainWorld('api', api);
