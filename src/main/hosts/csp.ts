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

/** The policy without an image server (what a host sends before it knows the settings). */
export const CONTENT_SECURITY_POLICY = contentSecurityPolicy(null);
