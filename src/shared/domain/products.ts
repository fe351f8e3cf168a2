import { z } from 'zod';
import { Instant } from './time';
import { OutboxItem } from './outbox';
import { lazy } from '../lazy';

export const DraftKind = lazy(() => z.enum(['single', 'variant', 'import']));

export const DraftSummary = lazy(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    kind: DraftKind,
    updatedAt: Instant,
  }),
);
export type DraftSummary = z.infer<typeof DraftSummary>;

/** The editor's own state (form fields), stored as the editor wrote it. */
export const Draft = lazy(() => DraftSummary.extend({ state: z.unknown() }));
export type Draft = z.infer<typeof Draft>;

/** An editor state is a JSON value of bounded size. */
const EditorState = z.unknown().refine((v) => JSON.stringify(v ?? null).length <= 2_000_000, { message: 'the draft is too large' });

export const ProductsInputs = {
  saveDraft: lazy(() =>
    z.strictObject({
      id: z.number().int().positive().optional(),
      name: z.string().trim().min(1).max(200),
      kind: DraftKind,
      state: EditorState,
    }),
  ),
  id: lazy(() => z.strictObject({ id: z.number().int().positive() })),
  send: lazy(() =>
    z.strictObject({
      /** The SaveProductsManually body; validated again here before anything is queued. */
      records: z.unknown(),
      label: z.string().trim().min(1).max(200),
      source: z.enum(['editor', 'import', 'cli']),
      draftId: z.number().int().positive().optional(),
    }),
  ),
  history: lazy(() => z.strictObject({ limit: z.number().int().min(1).max(200).default(50) })),
};

export const ProductProblemShape = lazy(() =>
  z.object({
    record: z.number().int(),
    field: z.string(),
    code: z.string(),
    params: z.record(z.string(), z.union([z.string(), z.number()])),
  }),
);

export const SendResult = lazy(() =>
  z.object({
    ok: z.boolean(),
    problems: z.array(ProductProblemShape),
    warnings: z.array(ProductProblemShape),
    batches: z.array(z.object({ id: z.number().int(), outboxId: z.number().int(), records: z.number().int() })),
  }),
);
export type SendResult = z.infer<typeof SendResult>;

export const ProductBatch = lazy(() =>
  z.object({
    id: z.number().int(),
    label: z.string(),
    source: z.enum(['editor', 'import', 'cli']),
    recordCount: z.number().int(),
    createdAt: Instant,
    /** The write as the outbox sees it: waiting, accepted (with the service's answer) or refused. */
    write: OutboxItem.nullable(),
    records: z.unknown(),
  }),
);
export type ProductBatch = z.infer<typeof ProductBatch>;
