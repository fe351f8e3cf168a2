import { imageOrigin } from '../../shared/images';

/**
 * One Content-Security-Policy for every host: scripts only from the app itself, no eval, no
 * plugins, no framing, no form posts. Images come from the app, data:/blob: URLs, and the
 * configured image server's origin only (product and return-attachment pictures): no other host
 * can be reached, not even by an <img>. style-src allows inline styles because the Vite dev server
 * injects CSS as <style> tags.
 *
 * `imageBase` is the image server address from the settings (or its origin); nothing else is
 * allowed when it is empty or not an http(s) address. Hosts send this per page load, so a changed
 * image server applies from the next load of the page.
 */
export function contentSecurityPolicy(imageBase?: string | null): string {
  const images = imageOrigin(imageBase);
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${images ? ` ${images}` : ''}`,
    "font-src 'self'",
    "connect-src 'self'",
    "media-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "object-src 'none'",
  ].join('; ');
}

/** The policy as a page's <meta> carries it: without frame-ancestors, which a <meta> cannot set. */
export function metaPolicy(imageBase?: string | null): string {
  return contentSecurityPolicy(imageBase)
    .split('; ')
    .filter((d) => !d.startsWith('frame-ancestors'))
    .join('; ');
}

const META = /(<meta\s+http-equiv="Content-Security-Policy"\s+content=")[^"]*"/;

/**
 * The built page with its CSP <meta> saying what the header says for the same load. The built
 * index.html allows pictures from no other host (img-src 'self' data: blob:); a browser enforces
 * the <meta> and the header both, so each host that serves the page puts the configured image
 * server into the <meta> as it does into the header. Only that one origin is ever added, from the
 * same settings as the header, so the page never allows more than the header; a page served
 * without this (the dev server) shows no remote pictures rather than any http(s) host's.
 */
export function withPolicyMeta(html: string, imageBase?: string | null): string {
  return html.replace(META, (_, start: string) => `${start}${metaPolicy(imageBase)}"`);
}
