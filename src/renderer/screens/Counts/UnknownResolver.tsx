import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorText } from '../../components/ErrorText';
import type { AppErrorShape } from '../../../shared/result';
import { useCounts } from '../../store/counts';

/**
 * What to do with an unknown code, wherever it shows (last-scan card, a line, the review): assign
 * it to a SKU, count it as its own SKU, or remove it. A SKU the catalogue does not know is asked
 * about first, since the assignment is remembered for every later scan.
 */
export function UnknownResolver({ code, onResolved }: { code: string; onResolved?: () => void }) {
  const { t } = useTranslation(['counts', 'common']);
  const assign = useCounts((s) => s.assign);
  const removeLine = useCounts((s) => s.removeLine);
  const [assigning, setAssigning] = useState(false);
  const [sku, setSku] = useState('');
  const [confirmSku, setConfirmSku] = useState<string | null>(null);
  const [error, setError] = useState<AppErrorShape | null>(null);

  const submit = async (target: string | null, confirmed = false) => {
    const r = await assign(code, target, confirmed);
    if (r.ok) {
      setAssigning(false);
      setSku('');
      setConfirmSku(null);
      setError(null);
      onResolved?.();
    } else if (r.error.code === 'needs_confirmation' && target) setConfirmSku(target);
    else setError(r.error);
  };

  if (confirmSku) {
    return (
      <div className="unknown-resolver" role="group" aria-label={t('resolve.of', { code })}>
        <p role="alert">{t('resolve.confirmUnknownSku', { sku: confirmSku, code })}</p>
        <div className="row">
          <button type="button" className="btn btn-primary" onClick={() => void submit(confirmSku, true)}>
            {t('resolve.confirmYes', { sku: confirmSku })}
          </button>
          <button type="button" className="btn" onClick={() => setConfirmSku(null)}>
            {t('common:actions.cancel')}
          </button>
        </div>
      </div>
    );
  }
  return (
    <div className="unknown-resolver" role="group" aria-label={t('resolve.of', { code })}>
      {assigning ? (
        <form
          className="row"
          onSubmit={(e) => {
            e.preventDefault();
            if (sku.trim()) void submit(sku.trim());
          }}
        >
          <label className="field">
            <span>{t('last.assignTo')}</span>
            {/* A scan here fills the field (the product's barcode stands for its SKU) instead of counting. */}
            <input value={sku} onChange={(e) => setSku(e.target.value)} maxLength={128} autoFocus data-scan-target="sku" />
          </label>
          <button type="submit" className="btn btn-primary">
            {t('common:actions.save')}
          </button>
          <button type="button" className="btn" onClick={() => setAssigning(false)}>
            {t('common:actions.cancel')}
          </button>
        </form>
      ) : (
        <div className="row">
          <button type="button" className="btn" onClick={() => setAssigning(true)}>
            {t('last.assign')}
          </button>
          <button type="button" className="btn" onClick={() => void submit(null)}>
            {t('last.own')}
          </button>
          <button type="button" className="btn" onClick={() => void removeLine(code).then(() => onResolved?.())}>
            {t('resolve.remove')}
          </button>
        </div>
      )}
      <ErrorText error={error} />
    </div>
  );
}
