import type { Feature } from '../feature';

export const countsFeature: Feature = {
  name: 'counts',
  handlers: () => ({}),
};
