import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type pg from 'pg';

export const DESK_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

const sha256 = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

export interface Desk {
  name: string;
  createdAt: string;
  revokedAt: string | null;
  lastSeenAt: string | null;
  lastCursor: number | null;
}

/**
 * Lets a desk in: a new random token (shown once, to be typed into the desk's connection), stored
 * as its SHA-256 only. Adding a desk that exists gives it a new token (the old one stops working).
 */
export async function addDesk(pool: pg.Pool, name: string): Promise<string> {
  if (!DESK_NAME.test(name)) throw new Error('desk_name');
  const token = `wdd_${randomBytes(32).toString('base64url')}`;
  await pool.query(
    `INSERT INTO hub_desks (name, token_sha256) VALUES ($1, $2)
     ON CONFLICT (name) DO UPDATE SET token_sha256 = EXCLUDED.token_sha256, revoked_at = NULL, created_at = now()`,
    [name, sha256(token)],
  );
  return token;
}

export async function revokeDesk(pool: pg.Pool, name: string): Promise<boolean> {
  const r = await pool.query('UPDATE hub_desks SET revoked_at = now() WHERE name = $1 AND revoked_at IS NULL', [name]);
  return (r.rowCount ?? 0) > 0;
}

export async function listDesks(pool: pg.Pool): Promise<Desk[]> {
  const r = await pool.query<{
    name: string;
    created_at: Date;
    revoked_at: Date | null;
    last_seen_at: Date | null;
    last_cursor: string | null;
  }>('SELECT name, created_at, revoked_at, last_seen_at, last_cursor FROM hub_desks ORDER BY name');
  return r.rows.map((d) => ({
    name: d.name,
    createdAt: d.created_at.toISOString(),
    revokedAt: d.revoked_at?.toISOString() ?? null,
    lastSeenAt: d.last_seen_at?.toISOString() ?? null,
    lastCursor: d.last_cursor === null ? null : Number(d.last_cursor),
  }));
}

/** The desk a bearer token belongs to, or null (unknown, revoked or malformed). */
export async function deskOfToken(pool: pg.Pool, token: string): Promise<string | null> {
  if (!/^wdd_[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const hash = sha256(token);
  const r = await pool.query<{ name: string; token_sha256: string }>(
    'SELECT name, token_sha256 FROM hub_desks WHERE token_sha256 = $1 AND revoked_at IS NULL',
    [hash],
  );
  const row = r.rows[0];
  // The lookup is by an index on the hash; the comparison again in constant time costs nothing.
  if (!row || !timingSafeEqual(Buffer.from(row.token_sha256), Buffer.from(hash))) return null;
  return row.name;
}

/** Where a desk has read the feed to, and when it was last heard from (for /metrics: lag per desk). */
export async function deskSeen(pool: pg.Pool, name: string, cursor: number | null): Promise<void> {
  await pool.query('UPDATE hub_desks SET last_seen_at = now(), last_cursor = COALESCE($2, last_cursor) WHERE name = $1', [name, cursor]);
}
