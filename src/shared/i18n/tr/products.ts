import type { products as en } from '../en/products';
import type { Shape } from '../shape';

export const products: Shape<typeof en> = {
  title: 'Ürünler',
};
