import type { OutboxItem } from '../../../shared/domain/outbox';
import type { Profile } from '../../../shared/domain/settings';
import type { AnswerHeaders, Verdict } from '../../../shared/service/classify';
import type { HttpResponse } from '../api/http';
import type { CoreContext } from '../context';
import type { Workspace } from '../workspace';

/** What a sender gets besides the payload: the write's stored key and a signal that ends the request on close. */
export interface SendMeta {
  /** Sent as the Idempotency-Key header, so a service that honours it makes a re-send harmless. */
  idempotencyKey: string;
  signal: AbortSignal;
}
/** Sends one queued write; returns the service's answer (any status) or throws AppError. */
export type Sender = (payload: unknown, ws: Workspace, ctx: CoreContext, meta: SendMeta) => Promise<HttpResponse>;
/** Runs after the service accepted a write (in the same transaction that marks it sent). */
export type AfterSent = (payload: unknown, res: HttpResponse, ws: Workspace) => void;
/**
 * What a write sets on the service (e.g. "A-01\u0000SKU1" for a quantity): a refused write is not
 * sent again when a newer write of the same group that sets one of these was accepted since.
 * Without it, any newer accepted write of the group counts.
 */
export type Keys = (payload: unknown) => string[];

/**
 * What a refused write holds back: every later write of its group ('group', inventory: a storage
 * code's counts go in order or not at all), or only later writes that set one of the same keys
 * ('keys', products: a refused model does not stop unrelated products).
 */
export type RefusalBlocks = 'group' | 'keys';

/**
 * How one kind of write is sent (inventory, products …): declared by its feature as
 * `Feature.senders` and gathered by createCore into `ctx.senders`.
 */
/** The kinds of write the outbox carries: a new one is a sender of its own (DEVELOPING.md). */
export type OutboxKind = 'inventory' | 'products';

export interface OutboxSender {
  kind: OutboxKind;
  send: Sender;
  /** The operation's one reading of an answer (`classify` of src/shared/service/<operation>.ts). */
  classify: (status: number, headers: AnswerHeaders, text: string) => Verdict;
  afterSent?: AfterSent;
  keys?: Keys;
  /** Only with `keys`; without them a refusal blocks its group. */
  refusalBlocks?: RefusalBlocks;
  /** Which of the connection's addresses the write goes to (default 'oms'): a write is bound to it and its company. */
  target?: 'oms' | 'pim';
}

/** The service a write is made for: the address its kind goes to and the company (migration 021). */
export interface BoundService {
  url: string;
  companyId: number;
}

/** The service a kind of write goes to on this connection (null: a kind with no sender, unbound). */
export function serviceOf(sender: OutboxSender | undefined, p: Profile): BoundService | null {
  if (!sender) return null;
  return { url: sender.target === 'pim' ? p.pimUrl : p.omsUrl, companyId: p.companyId };
}

export const serviceText = (s: BoundService | null) => (s ? JSON.stringify({ url: s.url, companyId: s.companyId }) : null);

export function parseService(text: string | null): BoundService | null {
  if (!text) return null;
  try {
    const v = JSON.parse(text) as Partial<BoundService>;
    return typeof v.url === 'string' && typeof v.companyId === 'number' ? { url: v.url, companyId: v.companyId } : null;
  } catch {
    return null;
  }
}

export const sameService = (a: BoundService, b: BoundService) => a.url === b.url && a.companyId === b.companyId;

export const blocksBy = (s: OutboxSender | undefined): RefusalBlocks => (s?.keys ? (s.refusalBlocks ?? 'group') : 'group');

/** The header of the IETF draft "The Idempotency-Key HTTP Header Field". */
export const idempotencyHeader = (meta: SendMeta) => ({ 'idempotency-key': meta.idempotencyKey });

export interface EnqueueInput {
  /** A typo fails the type check, not the send ("no sender for …"). */
  kind: OutboxKind;
  groupKey: string;
  payload: unknown;
  summary?: Record<string, string | number | boolean | null>;
  ref?: string | null;
}

/** Why a write is where it is, for people (translated as errors.outbox.<reason>). */
export type OutboxReason = NonNullable<OutboxItem['reason']>;
