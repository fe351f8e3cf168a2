/**
 * Picture addresses are built only from the configured image server: a file name from the service
 * is a path on that server, never an address of its own. An absolute URL (`https://tracker/x.gif`),
 * a protocol-relative one (`//tracker/x.gif`), any other scheme (`data:`, `javascript:`) or a path
 * that would leave the server gives no picture, so opening a return cannot make the app fetch from
 * anywhere else. The CSP's img-src allows that one origin too (src/main/hosts/csp.ts).
 */
export function imageUrl(base: string | null | undefined, fileName: string | null | undefined): string | null {
  const server = imageOrigin(base);
  const name = (fileName ?? '').trim();
  if (!server || !name) return null;
  if (/^[a-z][a-z\d+.-]*:/i.test(name) || /^[/\\]{2}/.test(name) || name.includes('\\')) return null;
  const path = name
    .replace(/^\/+/, '')
    .split('/')
    .map((segment) => encodeURIComponent(segment))
    .join('/');
  let url: URL;
  try {
    url = new URL(path, `${base!.replace(/\/+$/, '')}/`);
  } catch {
    return null;
  }
  return url.origin === server ? url.href : null;
}

/** The origin (scheme, host, port) of an http(s) image server address; null when there is none. */
export function imageOrigin(base: string | null | undefined): string | null {
  if (!base) return null;
  try {
    const u = new URL(base);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.origin : null;
  } catch {
    return null;
  }
}
