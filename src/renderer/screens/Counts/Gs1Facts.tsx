import { useTranslation } from 'react-i18next';
import '../../styles/gs1.css';
import type { CountLine, ScanProblem } from '../../../shared/domain/counts';

/** An ISO day (YYYY-MM-DD) as the worker writes it, without time-zone shifts. */
export function formatDay(iso: string, language: string): string {
  const d = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return iso;
  return new Intl.DateTimeFormat(language === 'tr' ? 'tr-TR' : 'en-GB', { dateStyle: 'medium', timeZone: 'UTC' }).format(d);
}

/** Lot, expiry and serial of a GS1 scan (the last-scanned card). */
export function Gs1ScanFacts({
  facts,
}: {
  facts: {
    lot: string | null;
    expiry: string | null;
    serial: string | null;
    quantity: number | null;
    missingSeparator?: { ai: string; value: string; next: string } | null;
  };
}) {
  const { t, i18n } = useTranslation('gs1');
  const missing = facts.missingSeparator;
  return (
    <div className="gs1-facts" data-testid="gs1-facts">
      {facts.quantity !== null ? <span className="pill">{t('caseOf', { count: facts.quantity })}</span> : null}
      {facts.lot !== null ? <span className="pill">{t('lot', { lot: facts.lot })}</span> : null}
      {facts.expiry !== null ? <span className="pill">{t('expiry', { date: formatDay(facts.expiry, i18n.language) })}</span> : null}
      {facts.serial !== null ? <span className="pill">{t('serial', { serial: facts.serial })}</span> : null}
      {missing ? (
        <span className="gs1-warning" data-testid="gs1-separator-missing">
          {t('separatorMissing', { ai: missing.ai, value: missing.value, next: missing.next })}
        </span>
      ) : null}
    </div>
  );
}

/** The lots and expiry dates counted on a line, with their units when there are several. */
export function LineLots({ lots }: { lots: NonNullable<CountLine['lots']> }) {
  const { t, i18n } = useTranslation('gs1');
  const texts = lots.map(
    (l) =>
      [
        l.lot !== null ? t('lot', { lot: l.lot }) : null,
        l.expiry !== null ? t('expiry', { date: formatDay(l.expiry, i18n.language) }) : null,
        l.serials > 0 ? t('serials', { count: l.serials }) : null,
      ]
        .filter(Boolean)
        .join(' · ') + (lots.length > 1 ? ` (${l.units})` : ''),
  );
  // Cut with an ellipsis where the column ends: the title says every lot.
  return (
    <span className="line-lots" data-testid="line-lots" title={texts.join(' | ')}>
      {texts.map((text, i) => (
        <span key={i} className="line-lot">
          {text}
        </span>
      ))}
    </span>
  );
}

/** Why a code was refused, in the worker's words. */
export function ScanProblemText({ problem }: { problem: ScanProblem }) {
  const { t } = useTranslation('gs1');
  return <>{t(`problem.${problem.code}`, { ...problem.params, defaultValue: problem.code })}</>;
}
