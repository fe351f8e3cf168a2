/**
 * Web links from the service's data (cargo tracking pages): the one rule of what may be opened.
 * The Electron host opens a link in the system browser only when it passes (`isAllowedExternal`
 * in hosts/electron/security.ts is this function), and the screens show a link as a link only
 * when it passes, and as plain text otherwise, so a worker never clicks a link that does nothing.
 *
 * https, or http only on this machine (loopback); never with a user or password in the address.
 */
const LOOPBACK: ReadonlySet<string> = new Set(['127.0.0.1', 'localhost', '[::1]']);

export function isOpenableLink(url: string): boolean {
  try {
    const u = new URL(url);
    if (u.username || u.password) return false;
    return u.protocol === 'https:' || (u.protocol === 'http:' && LOOPBACK.has(u.hostname));
  } catch {
    return false;
  }
}

/** The link when it may be opened, else null (show the text instead). */
export const openableLink = (url: string | null | undefined): string | null => (url && isOpenableLink(url) ? url : null);
