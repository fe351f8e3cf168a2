import type { counts as en } from '../en/counts';
import type { Shape } from '../shape';

export const counts: Shape<typeof en> = {
  title: 'Sayım',
};
