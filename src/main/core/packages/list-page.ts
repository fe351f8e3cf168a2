import type { PackageKind } from '../../../shared/domain/packages';
import { classify as classifyOrderList } from '../../../shared/service/get-order-packages';
import { classify as classifyReturnList } from '../../../shared/service/get-return-order-packages';
import { cutTopLevelArray } from '../../../shared/text/json-items';
import { answerHeaders, type HttpResponse } from '../api/http';
import { AppError } from '../errors';

/**
 * What a list page's answer means, the same for the desk's sync (fetch-page.ts) and the hub's
 * (src/main/hub/sync.ts): pure, no workspace.
 */

/**
 * A list page's answer cut into its records (json-items.ts) and its envelope classified alone (the
 * list operation's own rules, shared with the sandbox and the tests): `items` are the records'
 * bytes, or null when the page could not be cut safely (then the verdict's `data` holds them).
 */
export function cutListPage(kind: PackageKind, res: HttpResponse): { v: ListVerdict; items: Uint8Array[] | null } {
  const cut = res.status >= 200 && res.status < 300 ? cutTopLevelArray(res.bytes, 'data') : null;
  const v = (kind === 'order' ? classifyOrderList : classifyReturnList)(res.status, answerHeaders(res), cut ? cut.envelope : res.text);
  return { v, items: cut?.items ?? null };
}

type ListVerdict = ReturnType<typeof classifyOrderList>;

/**
 * The envelope of an accepted list page; any other verdict as the error a sync retries or
 * reports: `bad_response` (page_unreadable) for a garbled answer, `service_error` with the
 * status (and Retry-After) for one to try later or a failure the service reported.
 */
export function acceptedListPage(v: ListVerdict, kind: PackageKind, page: number, status: number) {
  if (v.kind === 'later' && v.cause === 'unreadable')
    throw new AppError('bad_response', `page ${page} of the ${kind} list: ${v.reason ?? ''}`.trim(), {
      reason: 'page_unreadable',
      page,
    });
  if (v.kind === 'later')
    throw new AppError('service_error', v.reason ?? `page ${page}: HTTP ${status}`, {
      status,
      ...(v.retryAfterMs !== null ? { retryAfterMs: v.retryAfterMs } : {}),
    });
  if (v.kind !== 'accepted')
    throw new AppError('service_error', v.reason ?? `page ${page}: the service reported a failure (HTTP ${status})`, { status });
  return v.value;
}
