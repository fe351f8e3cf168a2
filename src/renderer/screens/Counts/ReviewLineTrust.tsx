import { useTranslation } from 'react-i18next';
import type { ReviewLine } from '../../../shared/domain/counts';
import { useCounts } from '../../store/counts';

/**
 * Under a reviewed line (issue 18): its recount next to the first count and which one is sent, and
 * the stock of its SKU that moved while it was counted with the worker's three choices.
 */
export function ReviewLineTrust({ line, onRecount }: { line: ReviewLine; onRecount: (sku: string) => void }) {
  const { t } = useTranslation('counts');
  const chooseRecount = useCounts((s) => s.chooseRecount);
  const chooseMovement = useCounts((s) => s.chooseMovement);
  const rc = line.recount;
  const mv = line.movement;
  const base =
    rc?.quantity !== null && rc?.quantity !== undefined && (rc.choice === 'recount' || rc.quantity === line.quantity)
      ? rc.quantity
      : line.quantity;
  return (
    <div className="review-trust">
      {rc ? (
        <div className="review-recount" data-testid={`recount-${line.sku}`}>
          <strong>
            {rc.why === 'movement'
              ? t('review.recount.asked')
              : t('review.recount.needed', { change: line.previous === null ? '—' : signed(line.quantity - line.previous) })}
          </strong>{' '}
          <span>{t('review.recount.first', { quantity: line.quantity })}</span> ·{' '}
          <span>{rc.quantity === null ? t('review.recount.notYet') : t('review.recount.value', { quantity: rc.quantity })}</span>
          {rc.quantity === null ? (
            <button type="button" className="btn" onClick={() => onRecount(line.sku)}>
              {t('review.recount.one', { sku: line.sku })}
            </button>
          ) : rc.quantity !== line.quantity ? (
            <div className="row" role="group" aria-label={t('review.movement.choices', { sku: line.sku })}>
              <button
                type="button"
                className="btn"
                aria-pressed={rc.choice === 'first'}
                onClick={() => void chooseRecount(line.sku, 'first')}
              >
                {t('review.recount.sendFirst', { quantity: line.quantity })}
              </button>
              <button
                type="button"
                className="btn"
                aria-pressed={rc.choice === 'recount'}
                onClick={() => void chooseRecount(line.sku, 'recount')}
              >
                {t('review.recount.sendRecount', { quantity: rc.quantity })}
              </button>
            </div>
          ) : null}
        </div>
      ) : null}
      {mv ? (
        <div className="review-movement" data-testid={`movement-${line.sku}`}>
          {mv.left > 0 ? <strong>{t('review.movement.left', { count: mv.left, packages: mv.leftPackages })}</strong> : null}{' '}
          {mv.back > 0 ? <strong>{t('review.movement.back', { count: mv.back, packages: mv.backPackages })}</strong> : null}
          {mv.net !== 0 ? (
            <div className="row" role="group" aria-label={t('review.movement.choices', { sku: line.sku })}>
              <button
                type="button"
                className="btn"
                aria-pressed={mv.choice === 'keep'}
                onClick={() => void chooseMovement(line.sku, 'keep')}
              >
                {t('review.movement.keep', { quantity: base })}
              </button>
              <button
                type="button"
                className="btn"
                aria-pressed={mv.choice === 'subtract'}
                onClick={() => void chooseMovement(line.sku, 'subtract')}
              >
                {t('review.movement.subtract', { quantity: Math.max(0, base + mv.net) })}
              </button>
              <button
                type="button"
                className="btn"
                aria-pressed={mv.choice === 'recount'}
                onClick={() => {
                  void chooseMovement(line.sku, 'recount').then(() => onRecount(line.sku));
                }}
              >
                {t('review.movement.recount')}
              </button>
            </div>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

const signed = (n: number) => `${n > 0 ? '+' : ''}${n}`;
