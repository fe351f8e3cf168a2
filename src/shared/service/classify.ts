/**
 * What an answer of the service means, the same for every caller (core senders, the sync, the
 * sandbox's own notification sender, the CLI): each operation module (login.ts,
 * update-inventory.ts, save-products.ts, get-order-packages.ts, get-return-order-packages.ts,
 * webhooks.ts) exports one `classify(status, headers, body)` built from these rules.
 *
 * - accepted: a 2xx the operation takes as done (its body as read);
 * - refused: the service said no (4xx, or a 2xx whose body says isSuccess:false); sending the
 *   same again gives the same answer, so a person has to look; `reason` is the service's message;
 * - later: try again; its `cause` says why, so no caller reads the status again:
 *   - busy: the service said so (408, 425, 429, 5xx); `retryAfterMs` is its Retry-After when sent;
 *   - unreadable: what came back is not this operation's answer (a proxy's HTML page, JSON cut
 *     off, a body of another shape, a login answer without a usable token, another address);
 * - sign_in: the token was refused (401): sign in again, then send again.
 */
export type Verdict<T = unknown> =
  | { kind: 'accepted'; status: number; value: T }
  | { kind: 'refused'; status: number; reason: string | null }
  | { kind: 'later'; status: number; cause: LaterCause; reason: string | null; retryAfterMs: number | null }
  | { kind: 'sign_in'; status: number; reason: string | null };

/** Why an answer means "try again later" (see Verdict). */
export type LaterCause = 'busy' | 'unreadable';

/** An answer that is not the operation's own: sent again later, never taken as the service's word. */
export const unreadable = (status: number, reason: string): Verdict<never> => ({
  kind: 'later',
  status,
  cause: 'unreadable',
  reason,
  retryAfterMs: null,
});

/** Whether a status is the service refusing the token (every operation: sign in again, then send again). */
export const isSignInStatus = (status: number): boolean => status === 401;

/** Response headers by lower-case name (only retry-after and content-type are read). */
export type AnswerHeaders = Readonly<Record<string, string | string[] | null | undefined>>;

/** Statuses that mean "not now" for every operation of the service. */
export function isRetryLaterStatus(status: number): boolean {
  return status === 408 || status === 425 || status === 429 || status >= 500;
}

/** Seconds or an HTTP date in Retry-After, as milliseconds from `now` (null when absent or unreadable). */
export function retryAfterMs(value: string | null | undefined, now = Date.now()): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isFinite(at) ? Math.max(0, at - now) : null;
}

const header = (headers: AnswerHeaders, name: string): string | null => {
  const v = headers[name];
  return Array.isArray(v) ? (v[0] ?? null) : (v ?? null);
};

/** The body as read: JSON, text that is not JSON, an HTML page, JSON cut off, or nothing. */
export type Body =
  | { kind: 'json'; json: unknown }
  | { kind: 'empty' }
  | { kind: 'html'; title: string | null }
  | { kind: 'garbled'; text: string }
  | { kind: 'text'; text: string };

export function readBody(headers: AnswerHeaders, text: string): Body {
  const t = text.trim();
  if (t === '') return { kind: 'empty' };
  const type = header(headers, 'content-type') ?? '';
  if (/text\/html/i.test(type) || /^<(!doctype|html|head|body)/i.test(t)) {
    const title = /<title[^>]*>([^<]*)<\/title>/i.exec(t)?.[1]?.trim();
    return { kind: 'html', title: title || null };
  }
  try {
    return { kind: 'json', json: JSON.parse(t) as unknown };
  } catch {
    // Looks like JSON (or says it is) but does not parse: cut off or garbled on the way.
    return /^[[{"]/.test(t) || /json/i.test(type) ? { kind: 'garbled', text: t } : { kind: 'text', text: t };
  }
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);

/**
 * The service's own words in a body: errorMesssage / errorMessage (OMS), ErrorMessage (PIM),
 * else the messages of its errors array; an HTML page's title; a short plain-text body.
 */
export function reasonOf(body: Body): string | null {
  if (body.kind === 'html') return body.title;
  if (body.kind === 'text') return body.text.slice(0, 500);
  if (body.kind !== 'json' || !body.json || typeof body.json !== 'object' || Array.isArray(body.json)) return null;
  const o = body.json as Record<string, unknown>;
  const direct = str(o.errorMesssage) ?? str(o.errorMessage) ?? str(o.ErrorMessage) ?? str(o.message);
  const errors = Array.isArray(o.errors) ? o.errors : Array.isArray(o.Errors) ? o.Errors : [];
  const messages = errors
    .map((e: unknown) =>
      e && typeof e === 'object' ? (str((e as Record<string, unknown>).message) ?? str((e as Record<string, unknown>).Message)) : null,
    )
    .filter((m): m is string => m !== null && m !== direct);
  // The headline ("some products were not found") and the list that names them, both.
  const list = messages.length > 0 ? messages.join('; ').slice(0, 1_000) : null;
  return direct && list ? `${direct}: ${list}` : (direct ?? list);
}

/** A body that says it failed: {isSuccess:false} (OMS) or {IsSuccess:false} (PIM). */
export function saysFailure(body: Body): boolean {
  if (body.kind !== 'json' || !body.json || typeof body.json !== 'object' || Array.isArray(body.json)) return false;
  const o = body.json as Record<string, unknown>;
  return o.isSuccess === false || o.IsSuccess === false;
}

/** The rules every operation shares for non-2xx answers: 401 sign in, 408/425/429/5xx later, other refused. */
export function classifyFailure(status: number, headers: AnswerHeaders, body: Body, now: number): Verdict<never> {
  const reason = reasonOf(body);
  if (isSignInStatus(status)) return { kind: 'sign_in', status, reason };
  if (isRetryLaterStatus(status))
    return { kind: 'later', status, cause: 'busy', reason, retryAfterMs: retryAfterMs(header(headers, 'retry-after'), now) };
  return { kind: 'refused', status, reason: reason ?? `HTTP ${status}` };
}

const is2xx = (status: number) => status >= 200 && status < 300;

/**
 * A write whose answer body is not documented (UpdateInventory, SaveProductsManually): any 2xx is
 * accepted and its body kept, unless the body says isSuccess:false (refused); a 2xx that is an
 * HTML page (a proxy's, not the service's) or JSON cut off is sent again later (both writes set
 * values, so sending again is harmless).
 */
export function classifyWrite(status: number, headers: AnswerHeaders, text: string, now = Date.now()): Verdict<string> {
  const body = readBody(headers, text);
  if (!is2xx(status)) return classifyFailure(status, headers, body, now);
  if (body.kind === 'html') return unreadable(status, body.title ?? 'an HTML page instead of the service answer');
  if (body.kind === 'garbled') return unreadable(status, 'the answer was cut off or garbled');
  if (saysFailure(body)) return { kind: 'refused', status, reason: reasonOf(body) ?? 'the service reported a failure' };
  return { kind: 'accepted', status, value: text };
}

/** A read whose 2xx body must match `parse` (the list envelopes, login). */
export function classifyRead<T>(
  status: number,
  headers: AnswerHeaders,
  text: string,
  parse: (
    json: unknown,
  ) => { success: true; data: T } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } },
  now = Date.now(),
): Verdict<T> {
  const body = readBody(headers, text);
  if (!is2xx(status)) return classifyFailure(status, headers, body, now);
  if (body.kind !== 'json') {
    const what =
      body.kind === 'html' ? (body.title ?? 'an HTML page') : body.kind === 'empty' ? 'an empty answer' : 'an answer cut off or garbled';
    return unreadable(status, `not the service's answer: ${what}`);
  }
  if (saysFailure(body)) return { kind: 'refused', status, reason: reasonOf(body) ?? 'the service reported a failure' };
  const parsed = parse(body.json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return unreadable(
      status,
      `not what the service documents: ${issue ? `${issue.path.map(String).join('.')} ${issue.message}` : ''}`.trim(),
    );
  }
  return { kind: 'accepted', status, value: parsed.data };
}
