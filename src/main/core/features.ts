import { adminFeature } from './admin/feature';
import { connectivityFeature } from './connectivity/feature';
import type { Feature } from './feature';
import { packagesFeature } from './packages/feature';
import { countsFeature } from './counts/feature';
import { returnsFeature } from './returns/feature';
import { notificationsFeature } from './notifications/feature';
import { outboxFeature } from './outbox/feature';
import { productsFeature } from './products/feature';

/** Every feature of the core. A feature adds itself here once. */
export const features: Feature[] = [
  connectivityFeature,
  outboxFeature,
  packagesFeature,
  countsFeature,
  returnsFeature,
  notificationsFeature,
  productsFeature,
  adminFeature,
];
