import type { Feature } from '../feature';
import './inventory-sender';

export const countsFeature: Feature = {
  name: 'counts',
  handlers: () => ({}),
};
