import { create } from 'zustand';
import type { OutboxAnswer, OutboxItem, OutboxState } from '../../shared/domain/outbox';
import type { AppErrorShape } from '../../shared/result';
import { call, subscribe } from '../bridge/api';
import { csvWords, type CsvStyle } from '../../shared/csv/words';
import { writeCsv } from '../../shared/csv/write';
import { localInstant, systemTimeZone } from '../../shared/domain/time';

export type OutboxFilter = 'open' | 'failed' | 'all';

const statesOf: Record<OutboxFilter, OutboxState[] | undefined> = {
  open: ['pending', 'sending', 'failed'],
  failed: ['failed'],
  all: undefined,
};

/** A write may be cancelled or sent again only while it has not been sent and is not on the wire. */
export const canCancel = (i: OutboxItem) => i.state === 'pending' || i.state === 'failed';
export const canRetry = (i: OutboxItem) => i.state === 'pending' || i.state === 'failed';

interface OutboxStore {
  filter: OutboxFilter;
  items: OutboxItem[];
  /** The write opened in the detail pane. */
  openId: number | null;
  error: AppErrorShape | null;
  load: () => Promise<void>;
  setFilter: (f: OutboxFilter) => void;
  open: (id: number | null) => void;
  retry: (id?: number) => Promise<number | null>;
  cancel: (id: number) => Promise<boolean | null>;
  /** An administrator's choice for the writes made for the connection's previous address: how many changed, or null. */
  resolveMoved: (action: 'send' | 'cancel') => Promise<number | null>;
  /** Every try's answer of the open write (oldest first), by write id. */
  answers: Record<number, OutboxAnswer[]>;
  /** Reads a write's tries' answers (after each change of the write: a resend adds one). */
  loadAnswers: (id: number) => Promise<void>;
  /** Starts following outbox changes; returns the unsubscribe. */
  watch: () => () => void;
}

export const useOutbox = create<OutboxStore>()((set, get) => ({
  filter: 'open',
  items: [],
  openId: null,
  error: null,

  answers: {},

  async loadAnswers(id) {
    const r = await call('outbox.answers', { id });
    if (r.ok) set((st) => ({ answers: { ...st.answers, [id]: r.value } }));
  },

  async load() {
    const states = statesOf[get().filter];
    const r = await call('outbox.list', { ...(states ? { states } : {}), limit: 500 });
    if (r.ok) set({ items: r.value, error: null });
    else set({ error: r.error });
  },

  setFilter(filter) {
    set({ filter });
    void get().load();
  },

  open(openId) {
    set({ openId });
  },

  async retry(id) {
    const r = await call('outbox.retry', id === undefined ? {} : { id });
    await get().load();
    if (!r.ok) {
      set({ error: r.error });
      return null;
    }
    return r.value.retried;
  },

  async cancel(id) {
    const r = await call('outbox.cancel', { id });
    await get().load();
    if (!r.ok) {
      set({ error: r.error });
      return null;
    }
    return r.value.cancelled;
  },

  async resolveMoved(action) {
    const r = await call('outbox.resolveMoved', { action });
    await get().load();
    if (!r.ok) {
      set({ error: r.error });
      return null;
    }
    return r.value.resolved;
  },

  watch() {
    void get().load();
    return subscribe('outbox.changed', () => void get().load());
  },
}));

/** One line for a person: what the write carries (from the summary the core stored with it). */
export function summaryParams(i: OutboxItem): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(i.summary)) if (typeof v === 'string' || typeof v === 'number') out[k] = v;
  return out;
}

/**
 * The words of the Outbox's CSV (issue 46.12): the columns in the worker's language (i18n `csv`),
 * each write's kind, group, state and content as the list shows them, its problem as the screen
 * says it; `codes` (setting exportCodes) writes the machine-readable codes and the core's own text.
 */
export interface OutboxCsvWords {
  style: CsvStyle;
  kind: (i: OutboxItem) => string;
  group: (i: OutboxItem) => string;
  state: (i: OutboxItem) => string;
  summary: (i: OutboxItem) => string;
  problem: (e: AppErrorShape) => string;
}

/** The list as CSV (the one writer: formula-like cells as text); times local to `timeZone` with their offset. */
export function outboxCsv(items: OutboxItem[], timeZone = systemTimeZone(), words: OutboxCsvWords | null = null): string {
  const codes = words === null || words.style.codes;
  const head = csvWords(words?.style ?? { language: 'en', codes: true }).head('outbox', [
    'id',
    'kind',
    'group',
    'state',
    'attempts',
    'next_attempt_at',
    'created_at',
    'sent_at',
    'summary',
    'response_status',
    'error',
    'response',
  ]);
  const rows = items.map((i) => [
    i.id,
    codes ? i.kind : words.kind(i),
    codes ? i.groupKey : words.group(i),
    codes ? i.state : words.state(i),
    i.attempts,
    localInstant(i.nextAttemptAt, timeZone),
    localInstant(i.createdAt, timeZone),
    localInstant(i.sentAt, timeZone),
    codes ? JSON.stringify(i.summary) : words.summary(i),
    i.responseStatus,
    !i.lastError ? '' : codes ? i.lastError.message : words.problem(i.lastError),
    i.responseBody ?? '',
  ]);
  return writeCsv(head, rows);
}
