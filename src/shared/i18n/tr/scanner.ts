import type { scanner as en } from '../en/scanner';
import type { Shape } from '../shape';

export const scanner: Shape<typeof en> = {
  title: 'Barkod okuyucu',
};
