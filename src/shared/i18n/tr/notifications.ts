import type { notifications as en } from '../en/notifications';
import type { Shape } from '../shape';

export const notifications: Shape<typeof en> = {
  title: 'Bildirimler',
};
