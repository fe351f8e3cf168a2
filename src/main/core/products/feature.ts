import type { Feature } from '../feature';

export const productsFeature: Feature = {
  name: 'products',
  handlers: () => ({}),
};
