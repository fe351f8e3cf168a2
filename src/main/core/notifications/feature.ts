import type { Feature } from '../feature';

export const notificationsFeature: Feature = {
  name: 'notifications',
  handlers: () => ({}),
};
