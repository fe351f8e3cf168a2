/**
 * The only bridge between the page and the app. It exposes one named function per contract method
 * and an `on` for contract events; never ipcRenderer itself. Runs sandboxed: the bundle is CommonJS
 * and may require nothing but `electron` (names from ../shared/contract-names, no schemas; the main
 * process parses every input).
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { EVENT_NAMES, METHOD_NAMES, ipcChannel, ipcEventChannel, ipcOpenExternalChannel } from '../shared/contract-names';

type EventName = (typeof EVENT_NAMES)[number];
const isEventName = (name: unknown): name is EventName => (EVENT_NAMES as readonly unknown[]).includes(name);

const api: Record<string, unknown> = {};
for (const method of METHOD_NAMES) {
  api[method] = (input: unknown) => ipcRenderer.invoke(ipcChannel(method), input);
}
api.on = (event: EventName, listener: (payload: unknown) => void) => {
  if (!isEventName(event)) throw new Error(`unknown event ${String(event)}`);
  if (typeof listener !== 'function') throw new Error('listener must be a function');
  const handler = (_e: IpcRendererEvent, msg: { name: string; payload: unknown }) => {
    if (msg?.name === event) listener(msg.payload);
  };
  ipcRenderer.on(ipcEventChannel, handler);
  return () => {
    ipcRenderer.removeListener(ipcEventChannel, handler);
  };
};

contextBridge.exposeInMainWorld('api', api);

/**
 * Web links (cargo tracking pages) open in the system browser, and only when the person clicks
 * them: a trusted click with user activation, seen here in the isolated world where page script
 * cannot forge either. The main process checks the sender and the address again; navigation and
 * window.open stay denied there.
 */
interface ClickEvent {
  readonly isTrusted: boolean;
  readonly target: unknown;
  preventDefault(): void;
}
interface PageWindow {
  addEventListener(type: 'click', listener: (e: ClickEvent) => void, capture: boolean): void;
  navigator?: { userActivation?: { isActive: boolean } };
}
const page = globalThis as unknown as PageWindow;
page.addEventListener(
  'click',
  (e) => {
    const target = e.target as { closest?: (selector: string) => { href: string } | null } | null;
    const link = typeof target?.closest === 'function' ? target.closest('a[href]') : null;
    if (!link || !/^https?:/i.test(String(link.href))) return;
    e.preventDefault();
    const activation = page.navigator?.userActivation;
    if (!e.isTrusted || (activation !== undefined && !activation.isActive)) return;
    ipcRenderer.send(ipcOpenExternalChannel, String(link.href));
  },
  true,
);
