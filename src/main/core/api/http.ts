import type * as UndiciModule from 'undici';
import type { Agent } from 'undici';
import { AppError } from '../errors';

export interface HttpResponse {
  status: number;
  /** Server clock from the Date header (ms since epoch), for clock-skew-safe token expiry. */
  serverDate: number | null;
  /** Parsed JSON, or undefined when the body was empty or not JSON. */
  json: unknown;
  /** The body as text (decoded on first use). */
  readonly text: string;
  /** The body as received. */
  bytes: Buffer;
  /** The Retry-After header of a 429/503, as sent (seconds or an HTTP date). */
  retryAfter?: string | null;
  /** The Content-Type header (an HTML error page is not the service's answer). */
  contentType?: string | null;
}

/** The headers an operation's classify reads (src/shared/service/classify.ts). */
export const answerHeaders = (res: HttpResponse) => ({ 'retry-after': res.retryAfter, 'content-type': res.contentType });

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT';
  headers?: Record<string, string>;
  /** Serialized as JSON with Content-Type: application/json. */
  body?: unknown;
  timeoutMs?: number;
  signal?: AbortSignal;
}

const MAX_RESPONSE_BYTES = 64 * 1024 * 1024;

/**
 * The one HTTP client of the core (undici). Network trouble becomes AppError('network'|'timeout');
 * any HTTP status is returned to the caller, which knows what the status means for its operation.
 */
/** The client's own limits, for requests that name none (tests shrink them to keep the same proportions). */
export interface HttpLimits {
  /** A request's whole time, unless it names its own `timeoutMs`. */
  timeoutMs: number;
  /** From the first byte of a body to the next. */
  bodyTimeoutMs: number;
}

export const DEFAULT_HTTP_LIMITS: HttpLimits = { timeoutMs: 30_000, bodyTimeoutMs: 60_000 };

export class HttpClient {
  /** `beforeLoad`: run once, just before undici is loaded (CoreOptions.beforeHttpClient). */
  constructor(
    private readonly beforeLoad?: () => void,
    private readonly limits: HttpLimits = DEFAULT_HTTP_LIMITS,
  ) {}

  /** Made with the first request: commands that never go online (`wd lookup`) never load undici (about 40 ms at start). */
  private agent: Agent | null = null;
  /** Ends every request still running when the core closes (quit never waits for a hung service). */
  private closing = new AbortController();

  async send(url: string, opts: RequestOptions = {}): Promise<HttpResponse> {
    const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
    let body: string | undefined;
    if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers['content-type'] = 'application/json';
    }
    const timeoutMs = opts.timeoutMs ?? this.limits.timeoutMs;
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = AbortSignal.any([...(opts.signal ? [opts.signal] : []), timeout, this.closing.signal]);
    const undici = await loadUndici(this.beforeLoad);
    this.agent ??= new undici.Agent({
      connect: { timeout: 10_000 },
      keepAliveTimeout: 10_000,
      headersTimeout: this.limits.timeoutMs,
      bodyTimeout: this.limits.bodyTimeoutMs,
    });
    try {
      const res = await undici.request(url, {
        method: opts.method ?? 'GET',
        headers,
        body,
        signal,
        dispatcher: this.agent,
        // The agent's own limits are for requests that name none: one that allows longer (a
        // product save, 120 s) is not cut at the agent's 30 s while the service is still working.
        headersTimeout: timeoutMs,
        bodyTimeout: Math.max(this.limits.bodyTimeoutMs, timeoutMs),
      });
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of res.body) {
        size += (chunk as Buffer).length;
        if (size > MAX_RESPONSE_BYTES) {
          res.body.destroy();
          throw new AppError('bad_response', `answer from ${redact(url)} is larger than ${MAX_RESPONSE_BYTES} bytes`, {
            reason: 'answer_too_large',
          });
        }
        chunks.push(chunk as Buffer);
      }
      const bytes = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
      // Decoded on first use only (a byte-order mark kept, bytes that are not UTF-8 as U+FFFD, as
      // Buffer#toString does): the sync reads a list page from its bytes (json-items.ts) and never
      // needs the page as one string.
      let decoded: string | null = null;
      const text = (): string => (decoded ??= bytes.toString('utf8'));
      // Parsed on first use only: the operations' classify reads the text itself, and a page of
      // 500 packages is several megabytes (parsing it twice would double the sync's longest stall).
      let parsed: { value: unknown } | null = null;
      const json = (): unknown => {
        if (parsed) return parsed.value;
        let value: unknown;
        if (bytes.length > 0) {
          try {
            value = JSON.parse(text());
          } catch {
            value = undefined;
          }
        }
        parsed = { value };
        return value;
      };
      const date = res.headers['date'];
      const serverDate = typeof date === 'string' ? Date.parse(date) : NaN;
      const retryAfter = res.headers['retry-after'];
      const contentType = res.headers['content-type'];
      return {
        status: res.statusCode,
        serverDate: Number.isFinite(serverDate) ? serverDate : null,
        get json() {
          return json();
        },
        get text() {
          return text();
        },
        bytes,
        retryAfter: typeof retryAfter === 'string' ? retryAfter : null,
        contentType: typeof contentType === 'string' ? contentType : null,
      };
    } catch (e) {
      throw toAppError(e, url, timeout.aborted, undici.errors);
    }
  }

  /** Aborts what is still running and closes the connections (does not wait for a hung service). */
  async close(): Promise<void> {
    this.closing.abort();
    await this.agent?.destroy();
  }
}

type Undici = typeof UndiciModule;
let undiciModule: Promise<Undici> | null = null;
const loadUndici = (before?: () => void): Promise<Undici> => {
  if (!undiciModule) before?.();
  return (undiciModule ??= import('undici'));
};

function toAppError(e: unknown, url: string, timedOut: boolean, undiciErrors: Undici['errors']): AppError {
  if (e instanceof AppError) return e;
  if (
    timedOut ||
    e instanceof undiciErrors.HeadersTimeoutError ||
    e instanceof undiciErrors.BodyTimeoutError ||
    e instanceof undiciErrors.ConnectTimeoutError
  ) {
    return new AppError('timeout', `${redact(url)} did not answer in time`);
  }
  const code = (e as { code?: string }).code ?? (e as { cause?: { code?: string } }).cause?.code;
  const detail = code ?? (e instanceof Error ? e.message : String(e));
  // The cause goes along as a parameter so the screen can say it in the worker's words.
  return new AppError('network', `cannot reach ${redact(url)} (${detail})`, { cause: networkCause(code) });
}

/** undici/Node error codes grouped into what a person can act on. */
function networkCause(code: string | undefined): 'refused' | 'dns' | 'dropped' | 'other' {
  if (code === 'ECONNREFUSED') return 'refused';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'dns';
  if (code === 'UND_ERR_SOCKET' || code === 'ECONNRESET' || code === 'EPIPE' || code === 'UND_ERR_CLOSED') return 'dropped';
  return 'other';
}

/** URL without its query string, for messages (queries may carry names and e-mail addresses). */
export function redact(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}
