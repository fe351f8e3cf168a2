import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import '../styles/print.css';
import { useApp } from '../store/app';
import { barcodeImage } from './barcode';
import { pages, perPage, type LabelSize, type PrintedCode } from './sheets';

function Label({ code }: { code: PrintedCode }) {
  const { t } = useTranslation();
  const img = useMemo(() => {
    if (code.textOnly) return null;
    try {
      return barcodeImage(code);
    } catch {
      return null; // a code the symbology cannot hold: the text still prints
    }
  }, [code]);
  return (
    <div className="print-label" data-code={code.data}>
      {code.title ? <div className="print-label-title">{t(code.title.key, code.title.params)}</div> : null}
      {img ? <img src={img.url} alt={code.text} className={`print-bars print-bars-${code.bcid}`} /> : null}
      {code.textOnly ? <div className="print-label-title">{t('labels:textOnly')}</div> : null}
      <div className={`print-label-text${code.bcid === 'code128' && !code.title ? ' print-label-text-big' : ''}`}>{code.text}</div>
    </div>
  );
}

/**
 * A printable sheet over the whole screen: A4 pages of labels of the given size, printed with
 * Chromium's print (window.print; in the desktop app the system print dialog). Only the pages are
 * printed, nothing of the app behind them. While it is open the app behind is inert (out of reach
 * of Tab and clicks); closed, it gives the focus back to the control that opened it.
 */
export function PrintPreview({
  title,
  codes,
  size,
  onClose,
}: {
  title: string;
  codes: PrintedCode[];
  size: LabelSize;
  onClose: () => void;
}) {
  const { t } = useTranslation(['labels', 'common']);
  // The sheet covers the app's training banner: it says so itself (on the screen; label stock
  // is cut to the millimetre, so nothing is added to the printed pages).
  const training = useApp((s) => s.session.training);
  const { columns, marginXMm, marginYMm } = perPage(size);
  const sheet = useMemo(() => pages(codes, size), [codes, size]);
  const closeRef = useRef<HTMLButtonElement>(null);
  const overlayRef = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const app = document.getElementById('root');
    closeRef.current?.focus();
    if (app) app.inert = true;
    return () => {
      if (app) app.inert = false;
      opener?.focus({ preventScroll: true });
    };
  }, []);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
      // Tab goes round the sheet's own buttons: past the last one it would leave the page.
      const buttons = [...(overlayRef.current?.querySelectorAll<HTMLElement>('button') ?? [])];
      if (e.key !== 'Tab' || buttons.length === 0) return;
      e.preventDefault();
      const at = buttons.indexOf(document.activeElement as HTMLElement);
      buttons[(at + (e.shiftKey ? -1 : 1) + buttons.length) % buttons.length]?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return createPortal(
    <div ref={overlayRef} className="print-overlay" role="dialog" aria-modal="true" aria-label={title} data-testid="print-preview">
      <div className="print-toolbar">
        <strong>{title}</strong>
        {training ? (
          <span className="pill pill-warn" data-testid="print-training">
            {t('common:training.banner')}
          </span>
        ) : null}
        <span>{t('pages', { count: sheet.length })}</span>
        <button type="button" className="btn btn-primary" onClick={() => window.print()}>
          {t('print')}
        </button>
        <button type="button" className="btn" onClick={onClose} ref={closeRef}>
          {t('common:actions.close')}
        </button>
      </div>
      {sheet.map((page, i) => (
        <section
          key={i}
          className="print-page"
          style={{
            gridTemplateColumns: `repeat(${columns}, ${size.widthMm}mm)`,
            gridAutoRows: `${size.heightMm}mm`,
            padding: `${marginYMm}mm ${marginXMm}mm`,
          }}
        >
          {page.map((code, j) => (
            <Label key={j} code={code} />
          ))}
        </section>
      ))}
    </div>,
    document.body,
  );
}
