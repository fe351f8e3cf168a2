import { z } from 'zod';
import { Empty } from '../domain/common';
import { Draft, DraftSummary, ProductBatch, ProductsInputs, SendResult } from '../domain/products';
import { method } from './define';
import { lazy } from '../lazy';

export const productsMethods = {
  'products.drafts': method(
    Empty,
    lazy(() => z.array(DraftSummary)),
  ),
  'products.draft': method(
    lazy(() => ProductsInputs.id),
    Draft,
  ),
  'products.saveDraft': method(
    lazy(() => ProductsInputs.saveDraft),
    Draft,
  ),
  'products.deleteDraft': method(
    lazy(() => ProductsInputs.id),
    lazy(() => z.object({ deleted: z.boolean() })),
  ),
  /** Validates the records and, when they are valid, queues them in the outbox (nothing is sent otherwise). */
  'products.send': method(
    lazy(() => ProductsInputs.send),
    SendResult,
  ),
  'products.history': method(
    lazy(() => ProductsInputs.history),
    lazy(() => z.array(ProductBatch)),
  ),
} as const;

export const productsEvents = {} as const;
