import type { Feature } from '../feature';
import { productsSender, productsServiceOf } from './products-service';

export const productsFeature: Feature = {
  name: 'products',
  senders: [productsSender],
  handlers: (ctx) => ({
    'products.drafts': () => productsServiceOf(ctx.workspace(), ctx).drafts(),
    'products.draft': ({ id }) => productsServiceOf(ctx.workspace(), ctx).draft(id),
    'products.saveDraft': (input) => productsServiceOf(ctx.workspace(), ctx).saveDraft(input),
    'products.deleteDraft': ({ id }) => productsServiceOf(ctx.workspace(), ctx).deleteDraft(id),
    'products.send': (input) => productsServiceOf(ctx.workspace(), ctx).send(input),
    'products.history': ({ limit }) => productsServiceOf(ctx.workspace(), ctx).history(limit),
  }),
};
