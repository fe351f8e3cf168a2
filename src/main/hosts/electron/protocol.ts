import { net, protocol } from 'electron';
import { existsSync, statSync } from 'node:fs';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { contentSecurityPolicy, withPolicyMeta } from '../csp';
import { APP_HOST, APP_SCHEME } from './security';

/** Must run before app ready. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } }]);
}

const notFound = () => new Response('not found', { status: 404, headers: { 'content-type': 'text/plain' } });

/** The file under `root` that an app:// path names, or null (other host, traversal, not a file). */
export function resolveAppFile(root: string, url: URL): string | null {
  if (url.host !== APP_HOST) return null;
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    return null;
  }
  if (path.includes('\0')) return null;
  const rel = normalize(path).replace(/^([/\\])+/, '') || 'index.html';
  const file = resolve(join(root, rel));
  if (!file.startsWith(root + sep)) return null;
  return existsSync(file) && statSync(file).isFile() ? file : null;
}

/**
 * Serves the built renderer from app://warehouse-desk/ instead of file://, so the page has a real
 * origin (for the IPC sender check and the CSP) and cannot read other local files. `imageBase`
 * gives the configured image server per request: the CSP header's img-src names it
 * (contentSecurityPolicy()), and so does the page's own <meta> (withPolicyMeta(): the built page
 * allows pictures from no other host, and a browser enforces both policies).
 */
export function serveRenderer(rendererDir: string, imageBase: () => string | null = () => null): void {
  const root = resolve(rendererDir);
  protocol.handle(APP_SCHEME, async (request) => {
    const file = resolveAppFile(root, new URL(request.url));
    if (!file) return notFound();
    let res: Response;
    try {
      res = await net.fetch(pathToFileURL(file).toString());
    } catch {
      return notFound();
    }
    const base = imageBase();
    const headers = new Headers(res.headers);
    headers.set('content-security-policy', contentSecurityPolicy(base));
    headers.set('x-content-type-options', 'nosniff');
    if (extname(file) !== '.html') return new Response(res.body, { status: res.status, headers });
    headers.delete('content-length');
    return new Response(withPolicyMeta(await res.text(), base), { status: res.status, headers });
  });
}
