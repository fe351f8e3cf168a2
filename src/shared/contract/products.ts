import { z } from 'zod';
import { Empty } from '../domain/common';
import { Draft, DraftSummary, ProductBatch, ProductsInputs, SendResult } from '../domain/products';
import { method } from './define';

export const productsMethods = {
  'products.drafts': method(Empty, z.array(DraftSummary)),
  'products.draft': method(ProductsInputs.id, Draft),
  'products.saveDraft': method(ProductsInputs.saveDraft, Draft),
  'products.deleteDraft': method(ProductsInputs.id, z.object({ deleted: z.boolean() })),
  /** Validates the records and, when they are valid, queues them in the outbox (nothing is sent otherwise). */
  'products.send': method(ProductsInputs.send, SendResult),
  'products.history': method(ProductsInputs.history, z.array(ProductBatch)),
} as const;

export const productsEvents = {} as const;
