import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useUi } from '../store/ui';

/**
 * A modal built on <dialog>: focus moves into it (never onto a destructive button), Esc closes it
 * (unless `escapeCloses` is false: what it shows is shown once and is closed only by its button),
 * the page behind is inert.
 */
export function Dialog({
  title,
  open,
  onClose,
  escapeCloses = true,
  children,
}: {
  title: string;
  open: boolean;
  onClose: () => void;
  escapeCloses?: boolean;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const { t } = useTranslation();
  const held = useUi((s) => s.scanHeld);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    // A scan refused while the last question was open is not this question's business.
    if (open !== d.open) useUi.getState().holdScan(null);
    if (open && !d.open) {
      d.showModal();
      // In a destructive dialog focus starts on the safe choice: Enter must never destroy by accident.
      if (document.activeElement?.classList.contains('btn-danger')) {
        d.querySelector<HTMLElement>('button:not(.btn-danger):not(:disabled)')?.focus();
      }
    }
    if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-label={title}
      onCancel={(e) => (e.preventDefault(), escapeCloses && onClose())}
      // Chromium lets a second Escape close a dialog whatever its cancel handler does (no user
      // activation left): a dialog that must stay open stops the key itself…
      onKeyDown={(e) => {
        if (!escapeCloses && e.key === 'Escape') e.preventDefault();
      }}
      // …and one closed by the browser while it should be open follows its owner's state.
      onClose={() => {
        if (!open) return;
        if (escapeCloses) onClose();
        else ref.current?.showModal();
      }}
    >
      {open ? (
        <>
          <h2>{title}</h2>
          {held !== null ? (
            <p role="alert" className="error">
              {t('scanWhileAsking', { code: held })}
            </p>
          ) : null}
          {children}
        </>
      ) : null}
    </dialog>
  );
}
