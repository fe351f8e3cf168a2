import type { packages as en } from '../en/packages';
import type { Shape } from '../shape';

export const packages: Shape<typeof en> = {
  title: 'Paketler',
};
