/**
 * One Content-Security-Policy for every host: scripts only from the app itself, no eval, no
 * plugins, no framing, no form posts. Images may come from the configured image server (product
 * and return-attachment pictures), so img-src allows http(s); nothing else leaves the app origin.
 * style-src allows inline styles because the Vite dev server injects CSS as <style> tags.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https: http:",
  "font-src 'self'",
  "connect-src 'self'",
  "media-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "object-src 'none'",
].join('; ');
