import type { Feature } from '../feature';

export const returnsFeature: Feature = {
  name: 'returns',
  handlers: () => ({}),
};
