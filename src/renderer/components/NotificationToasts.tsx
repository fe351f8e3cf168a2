import { useEffect } from 'react';
import type { notifications } from '../../shared/i18n/en/notifications';
import { useNotifications } from '../store/notifications';
import { usePackages } from '../store/packages';
import { useUi } from '../store/ui';

/**
 * Toasts for the notifications a worker must act on, on whatever screen is open: a cancelled
 * package must not be shipped; a return decision changes what the returns desk does.
 */
export function NotificationToasts() {
  const toast = useUi((s) => s.toast);
  const go = useUi((s) => s.go);
  const onReceived = useNotifications((s) => s.onReceived);
  useEffect(
    () =>
      onReceived((n) => {
        const id = n.matched?.id ?? n.packageId;
        const reason = [n.reasonName, n.reasonDesc].filter(Boolean).join(' — ');
        // The worker finds the parcel by its order number: cancel toasts name it when it is known.
        const order = n.matched?.orderNumber ?? '';
        const msg = (key: keyof (typeof notifications)['toast']) => ({
          key: `notifications:toast.${key}` as const,
          params: { id, reason, order },
        });
        // "Do not ship it" needs the worker to look: it stays, with a button that opens the package.
        const matched = n.matched;
        const openIt = matched
          ? {
              label: { key: 'notifications:toast.open' as const },
              run: () => {
                go('packages');
                void usePackages.getState().open(matched.kind, matched.id);
              },
            }
          : undefined;
        switch (n.hookName) {
          case 'ReturnOrderPackageConfirmedEvent':
            return toast('info', msg('returnConfirmed'), 8000);
          case 'ReturnOrderPackageRejectedEvent':
            return toast('warning', msg('returnRejected'), 10000);
          case 'CancelOrderItemLineConfirmedEvent':
            return toast('error', msg(order ? 'cancelConfirmedOrder' : 'cancelConfirmed'), 0, openIt);
          case 'CancelOrderItemLineRejectedEvent':
            return toast('info', msg('cancelRejected'), 8000);
          case 'OrderPackageStatusChangedEvent':
            if (n.statusName === 'Cancelled') toast('error', msg(order ? 'cancelledOrder' : 'cancelled'), 0, openIt);
            return;
        }
      }),
    [toast, go, onReceived],
  );
  return null;
}
