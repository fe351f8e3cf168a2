import type { labels as en } from '../en/labels';
import type { Shape } from '../shape';

export const labels: Shape<typeof en> = {};
