import { useEffect } from 'react';
import type { notifications } from '../../shared/i18n/en/notifications';
import type { PackageKind } from '../../shared/domain/packages';
import { useApp } from '../store/app';
import { useNotifications } from '../store/notifications';
import { usePackages } from '../store/packages';
import { useUi } from '../store/ui';

/** The package a real connection's alert named, opened once signed in to that connection (not kept across a restart). */
let pendingOpen: { profileId: string; kind: PackageKind; id: number } | null = null;

/**
 * Toasts for the notifications a worker must act on, on whatever screen is open: a cancelled
 * package must not be shipped; a return decision changes what the returns desk does.
 */
export function NotificationToasts() {
  const toast = useUi((s) => s.toast);
  const go = useUi((s) => s.go);
  const onReceived = useNotifications((s) => s.onReceived);
  // Mounted once signed in (App), after the new workspace's stores were reset and the session's
  // first screen chosen: the package an alert of this connection named opens now.
  useEffect(() => {
    const pending = pendingOpen;
    pendingOpen = null;
    const session = useApp.getState().session;
    if (!pending || !session.signedIn || session.training || session.profileId !== pending.profileId) return;
    go('packages');
    void usePackages.getState().open(pending.kind, pending.id);
  }, [go]);
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
        const session = useApp.getState().session;
        // Received for another connection than the one on screen (a real connection's alert in
        // training mode): its package is not in this workspace, and a training package of the
        // same number is another package. The worker signs out, and once signed in to that
        // connection the package opens (issue 46.13).
        const elsewhere = n.profileId !== undefined && n.profileId !== session.profileId;
        const openIt = !matched
          ? undefined
          : elsewhere
            ? {
                label: {
                  key: session.training
                    ? ('notifications:toast.openAfterTraining' as const)
                    : ('notifications:toast.openOnConnection' as const),
                },
                run: () => {
                  pendingOpen = { profileId: n.profileId!, kind: matched.kind, id: matched.id };
                  void useApp.getState().signOut();
                },
              }
            : {
                label: { key: 'notifications:toast.open' as const },
                run: () => {
                  go('packages');
                  void usePackages.getState().open(matched.kind, matched.id);
                },
              };
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
