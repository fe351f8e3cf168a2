import type { returns as en } from '../en/returns';
import type { Shape } from '../shape';

export const returns: Shape<typeof en> = {
  title: 'İadeler',
};
