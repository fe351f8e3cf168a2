import { net, protocol } from 'electron';
import { join, normalize, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CONTENT_SECURITY_POLICY } from '../csp';

/** Must run before app ready. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([{ scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } }]);
}

/**
 * Serves the built renderer from app://warehouse-desk/ instead of file://, so the page has a real
 * origin (for the IPC sender check and the CSP) and cannot read other local files.
 */
export function serveRenderer(rendererDir: string): void {
  const root = resolve(rendererDir);
  protocol.handle('app', async (request) => {
    const url = new URL(request.url);
    const rel = normalize(decodeURIComponent(url.pathname)).replace(/^([/\\])+/, '') || 'index.html';
    const file = resolve(join(root, rel));
    if (url.host !== 'warehouse-desk' || !file.startsWith(root + sep)) return new Response('not found', { status: 404 });
    const res = await net.fetch(pathToFileURL(file).toString());
    const headers = new Headers(res.headers);
    headers.set('content-security-policy', CONTENT_SECURITY_POLICY);
    headers.set('x-content-type-options', 'nosniff');
    return new Response(res.body, { status: res.status, headers });
  });
}
