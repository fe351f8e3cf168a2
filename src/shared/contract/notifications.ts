import { z } from 'zod';
import { Empty } from '../domain/common';
import {
  NotificationsList,
  NotificationsListInput,
  NotificationSummary,
  ReceiverConfigInput,
  ReceiverConfigured,
  ReceiverStatus,
} from '../domain/notifications';
import { PackageKind } from '../domain/packages';
import { method } from './define';
import { lazy } from '../lazy';

export const notificationsMethods = {
  'notifications.list': method(NotificationsListInput, NotificationsList),
  /** The notifications that changed one cached package (the detail screens show them). */
  'notifications.forPackage': method(
    lazy(() => z.strictObject({ kind: PackageKind, id: z.number().int().positive() })),
    lazy(() => z.array(NotificationSummary)),
  ),
  'notifications.receiver': method(Empty, ReceiverStatus),
  /** `token` carries a Bearer token created by this call, once; only its hash is kept. */
  'notifications.configureReceiver': method(ReceiverConfigInput, ReceiverConfigured),
} as const;

export const notificationsEvents = {
  'notifications.received': NotificationSummary,
  'notifications.receiverChanged': ReceiverStatus,
} as const;
