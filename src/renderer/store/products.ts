import { create } from 'zustand';
import type { DraftSummary, ProductBatch, SendResult } from '../../shared/domain/products';
import type { ProductRecord } from '../../shared/products/schema';
import type { AppErrorShape, Result } from '../../shared/result';
import { call, subscribe } from '../bridge/api';
import { resetOnWorkspaceChange } from './workspace';

interface ProductsState {
  /** The records being edited (the request body as it will be sent). */
  records: ProductRecord[] | null;
  label: string;
  source: 'editor' | 'import';
  draftId: number | null;
  drafts: DraftSummary[];
  history: ProductBatch[];
  error: AppErrorShape | null;
  lastSend: SendResult | null;
  /**
   * A batch the service refused, opened again to be fixed: its write is given up once the fixed
   * product is queued (it would only be refused again).
   */
  fixing: Fixing | null;
  init: () => () => void;
  edit: (records: ProductRecord[] | null, label?: string, source?: 'editor' | 'import') => void;
  /** A new product or an import: the open one is saved as it is first, the new one is a draft of its own. */
  startNew: (records: ProductRecord[], label: string, source: 'editor' | 'import') => void;
  setLabel: (label: string) => void;
  loadDrafts: () => Promise<void>;
  openDraft: (id: number) => Promise<void>;
  saveDraft: () => Promise<void>;
  deleteDraft: (id: number) => Promise<void>;
  send: () => Promise<Result<SendResult>>;
  loadHistory: () => Promise<void>;
  /** Sends a failed or waiting batch again now, then reloads the history. */
  retryWrite: (outboxId: number) => Promise<void>;
  /** Opens a refused batch's records in the editor, as a draft of its own, to be fixed and sent again. */
  fixBatch: (batch: ProductBatch) => void;
}

export interface Fixing {
  /** The refused write. */
  outboxId: number;
  /** The batch's name in the history. */
  label: string;
  /** Why the service refused it. */
  error: AppErrorShape | null;
}

/** What a draft keeps (products.saveDraft's state). */
interface DraftState {
  records?: ProductRecord[];
  label?: string;
  source?: 'editor' | 'import';
  fixing?: Fixing;
}

let saveTimer: ReturnType<typeof setTimeout> | null = null;
/** Which edit a draft save belongs to: a save that answers after a new product was started keeps its id to itself. */
let session = 0;
/**
 * The last draft save, for the next one to wait for: saves go out one after another, so a product's
 * second save updates the draft its first one made (rather than making another), and Send removes
 * the draft a save still under way makes.
 */
let lastSave: Promise<{ session: number; id: number | null }> = Promise.resolve({ session: -1, id: null });

export const useProducts = create<ProductsState>()((set, get) => ({
  records: null,
  label: '',
  source: 'editor',
  draftId: null,
  drafts: [],
  history: [],
  error: null,
  lastSend: null,
  fixing: null,

  init() {
    void get().loadDrafts();
    void get().loadHistory();
    return subscribe('outbox.changed', () => void get().loadHistory());
  },

  /** Every edit is kept as a draft (a second later), so nothing is lost to a restart. */
  edit(records, label, source) {
    if (!records) {
      // Closed: what was typed in the last moment is saved first, then the editor forgets the draft.
      if (saveTimer) void get().saveDraft();
      session += 1;
      set({ records: null, draftId: null, lastSend: null, fixing: null, ...(label !== undefined ? { label } : {}) });
      return;
    }
    set({ records, ...(label !== undefined ? { label } : {}), ...(source ? { source } : {}), lastSend: null });
    if (saveTimer) clearTimeout(saveTimer);
    saveTimer = setTimeout(() => void get().saveDraft(), 800);
  },

  startNew(records, label, source) {
    get().edit(null);
    // An import is work already (kept as a draft a moment later); a blank new product becomes a draft
    // only once something is typed into it, so New pressed twice leaves no empty drafts behind.
    if (source === 'import') get().edit(records, label, source);
    else set({ records, label, source, lastSend: null });
  },

  setLabel(label) {
    set({ label });
    if (get().records) get().edit(get().records);
  },

  async loadDrafts() {
    const r = await call('products.drafts', {});
    if (r.ok) set({ drafts: r.value });
  },

  async openDraft(id) {
    if (saveTimer) void get().saveDraft(); // the open one as it is now
    session += 1;
    const r = await call('products.draft', { id });
    if (!r.ok) return set({ error: r.error });
    const state = r.value.state as DraftState | null;
    set({
      records: state?.records ?? [],
      label: state?.label ?? r.value.name,
      source: state?.source ?? 'editor',
      draftId: id,
      error: null,
      lastSend: null,
      fixing: state?.fixing ?? null,
    });
  },

  async saveDraft() {
    const { records, label, source, draftId, fixing } = get();
    if (saveTimer) clearTimeout(saveTimer);
    saveTimer = null;
    if (!records) return;
    const mine = session;
    const kind = records.length === 1 && records[0]!.Main.Type === 4 ? 'single' : source === 'import' ? 'import' : 'variant';
    const name = label.trim() || records[0]?.Main.Sku || records[0]?.Main.Model || '…';
    const before = lastSave;
    const save = (async () => {
      const previous = await before;
      // The product's first save may have been under way when this one was asked for.
      const id = draftId ?? (previous.session === mine ? previous.id : null);
      const state: DraftState = { records, label, source, ...(fixing ? { fixing } : {}) };
      const r = await call('products.saveDraft', { ...(id ? { id } : {}), name, kind, state });
      if (!r.ok) return { session: mine, id };
      if (session === mine) set({ draftId: r.value.id });
      void get().loadDrafts();
      return { session: mine, id: r.value.id };
    })();
    lastSave = save;
    await save;
  },

  async deleteDraft(id) {
    await call('products.deleteDraft', { id });
    if (get().draftId === id) {
      session += 1;
      set({ draftId: null, records: null });
    }
    await get().loadDrafts();
  },

  async send() {
    // What was typed a moment ago goes into the draft now, not by the timer while Send waits for the
    // core: that save could land after the draft's removal below and bring the sent product back.
    if (saveTimer) await get().saveDraft();
    const { records, label, source, fixing } = get();
    const mine = session;
    // A draft save under way is waited for: its draft is the one to remove once the product is queued.
    const saved = await lastSave;
    const draftId = get().draftId ?? (saved.session === mine ? saved.id : null);
    const r = await call('products.send', {
      records,
      label: label.trim() || records?.[0]?.Main.Sku || records?.[0]?.Main.Model || 'products',
      source,
      ...(draftId ? { draftId } : {}),
    });
    if (r.ok) {
      set({ lastSend: r.value, error: null });
      if (r.value.ok) {
        // Queued: the editor closes, and the draft has done its job.
        if (saveTimer) clearTimeout(saveTimer);
        saveTimer = null;
        session += 1;
        if (draftId) await call('products.deleteDraft', { id: draftId });
        // The refused batch this fixes would only be refused again: it is given up.
        if (fixing) await call('outbox.cancel', { id: fixing.outboxId });
        set({ draftId: null, records: null, label: '', fixing: null });
        await get().loadDrafts();
      }
      await get().loadHistory();
    } else set({ error: r.error });
    return r;
  },

  async loadHistory() {
    const r = await call('products.history', { limit: 50 });
    if (r.ok) set({ history: r.value });
  },

  async retryWrite(outboxId) {
    await call('outbox.retry', { id: outboxId });
    await get().loadHistory();
  },

  fixBatch(batch) {
    if (!batch.write || !Array.isArray(batch.records)) return;
    get().edit(null);
    set({ fixing: { outboxId: batch.write.id, label: batch.label, error: batch.write.lastError } });
    // Work already, like an import: a draft of its own at once.
    get().edit(batch.records as ProductRecord[], batch.label, batch.source === 'editor' ? 'editor' : 'import');
  },
}));

resetOnWorkspaceChange(useProducts);
