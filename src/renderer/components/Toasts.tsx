import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { MAX_TOASTS, useUi, type ToastMessage } from '../store/ui';

/**
 * Toasts sit in their own strip at the bottom of the window (part of the layout, never over the
 * content), at most three, and are rendered from their keys so they follow the language. Toasts
 * that stay until closed and do not fit wait behind the strip, oldest first, counted in a line.
 * A screen that gives a place for them (`toastSlot`: Counts while counting, under its lines) has
 * them there, so the scanning column keeps its height.
 */
export function Toasts() {
  const toasts = useUi((s) => s.toasts);
  const dismiss = useUi((s) => s.dismiss);
  const { t } = useTranslation();
  const text = (m: ToastMessage) => (typeof m === 'string' ? m : t(m.key, m.params));
  const slot = useUi((s) => s.toastSlot);
  const waiting = Math.max(0, toasts.length - MAX_TOASTS);
  const strip = (
    <div className={`toasts${slot ? ' toasts-in-slot' : ''}`} aria-live="polite" data-testid="toasts">
      {waiting > 0 ? (
        <p className="toast toast-more" data-testid="toasts-waiting">
          {t('toastsWaiting', { count: waiting })}
        </p>
      ) : null}
      {(waiting > 0 ? [...toasts.slice(0, MAX_TOASTS - 1), toasts[toasts.length - 1]!] : toasts).map((toast) => (
        <div key={toast.id} className={`toast toast-${toast.kind}`} role={toast.kind === 'error' ? 'alert' : 'status'}>
          <span>{text(toast.message)}</span>
          {toast.action ? (
            <button
              type="button"
              className="btn btn-small"
              onClick={() => {
                toast.action?.run();
                dismiss(toast.id);
              }}
            >
              {text(toast.action.label)}
            </button>
          ) : null}
          <button type="button" className="toast-close" aria-label={t('actions.close')} onClick={() => dismiss(toast.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
  return slot ? createPortal(strip, slot) : strip;
}
