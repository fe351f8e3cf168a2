import type { InvokeReply, InvokeRequest } from './http';
import { unavailable } from './unavailable';

/**
 * The web host's calls, sent and read here, off the UI thread: the page gets each answer as one
 * message, already parsed (see http.ts).
 */
self.onmessage = async (e: MessageEvent<InvokeRequest>) => {
  const { id, url, headers, input } = e.data;
  let reply: InvokeReply;
  try {
    const res = await fetch(url, { method: 'POST', headers, body: JSON.stringify(input ?? {}) });
    reply = { id, result: (await res.json()) as InvokeReply['result'], timing: res.headers.get('server-timing') };
  } catch (err) {
    reply = { id, result: unavailable(err), timing: null };
  }
  try {
    self.postMessage(reply);
  } catch (err) {
    self.postMessage({ id, result: unavailable(err), timing: null } satisfies InvokeReply);
  }
};
self.postMessage('ready');
