import type { Feature } from '../feature';

export const packagesFeature: Feature = {
  name: 'packages',
  handlers: () => ({}),
};
