import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotifications } from '../store/notifications';
import { useUi } from '../store/ui';

/**
 * Toasts for the notifications a worker must act on, on whatever screen is open: a cancelled
 * package must not be shipped; a return decision changes what the returns desk does.
 */
export function NotificationToasts() {
  const { t } = useTranslation('notifications');
  const toast = useUi((s) => s.toast);
  const onReceived = useNotifications((s) => s.onReceived);
  useEffect(
    () =>
      onReceived((n) => {
        const id = n.matched?.id ?? n.packageId;
        const reason = [n.reasonName, n.reasonDesc].filter(Boolean).join(' — ');
        switch (n.hookName) {
          case 'ReturnOrderPackageConfirmedEvent':
            return toast('info', t('toast.returnConfirmed', { id }), 8000);
          case 'ReturnOrderPackageRejectedEvent':
            return toast('warning', t('toast.returnRejected', { id, reason }), 10000);
          case 'CancelOrderItemLineConfirmedEvent':
            return toast('error', t('toast.cancelConfirmed', { id }), 0);
          case 'CancelOrderItemLineRejectedEvent':
            return toast('info', t('toast.cancelRejected', { id, reason }), 8000);
          case 'OrderPackageStatusChangedEvent':
            if (n.statusName === 'Cancelled') toast('error', t('toast.cancelled', { id }), 0);
            return;
        }
      }),
    [t, toast, onReceived],
  );
  return null;
}
