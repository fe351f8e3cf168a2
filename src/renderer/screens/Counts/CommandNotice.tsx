import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { CountCommand } from '../../../shared/gs1/scan-intent';
import { useCommandNotice } from './commands';

export function commandName(c: CountCommand, t: TFunction<'gs1'>): string {
  return c.type === 'quantity' ? t('command.quantity', { quantity: c.quantity }) : t(`command.${c.type}`);
}

/** What the last command barcode did (or that it does nothing here). */
export function CommandNotice() {
  const { t } = useTranslation('gs1');
  const n = useCommandNotice();
  if (!n.code) return null;
  const text = !n.command
    ? t('command.unknown', { code: n.code })
    : n.ok
      ? t('command.done', { name: commandName(n.command, t) })
      : `${t('command.done', { name: commandName(n.command, t) })} — ${t('problem.command')}`;
  return (
    <p className={`pill ${n.ok ? '' : 'pill-warn'}`} role="status" data-testid="command-notice" key={n.at}>
      {text}
    </p>
  );
}
