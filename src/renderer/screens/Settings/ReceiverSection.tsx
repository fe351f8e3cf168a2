import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReceiverConfigInput } from '../../../shared/domain/notifications';
import type { AppErrorShape } from '../../../shared/result';
import { Dialog } from '../../components/Dialog';
import { ErrorText } from '../../components/ErrorText';
import { useNotifications } from '../../store/notifications';
import { useUi } from '../../store/ui';
import { SettingsCard } from './SettingsCard';

const LOOPBACK = ['127.0.0.1', 'localhost', '::1'];

/** The notification receiver: on/off, address, secret path, credentials, and the URL to register. */
export function ReceiverSection() {
  const { t } = useTranslation(['notifications', 'common']);
  const receiver = useNotifications((s) => s.receiver);
  const load = useNotifications((s) => s.loadReceiver);
  const configure = useNotifications((s) => s.configure);
  const toast = useUi((s) => s.toast);
  const [draft, setDraft] = useState<ReceiverConfigInput>({});
  const [error, setError] = useState<AppErrorShape | null>(null);
  const [confirmHost, setConfirmHost] = useState<string | null>(null);
  /** A Bearer token created just now: shown once with the address, then forgotten. */
  const [created, setCreated] = useState<{ token: string; url: string | null } | null>(null);

  useEffect(() => {
    void load();
  }, [load]);
  if (!receiver) return null;
  const c = { ...receiver.config, ...draft };
  const changed = Object.keys(draft).length > 0;

  async function apply(patch: ReceiverConfigInput) {
    const r = await configure({ ...draft, ...patch });
    if (r.ok) {
      setDraft({});
      setError(null);
      if (r.value.token) setCreated({ token: r.value.token, url: r.value.url });
    } else if (r.error.code === 'needs_confirmation') {
      setConfirmHost(String(r.error.params?.host ?? c.host));
    } else {
      setError(r.error);
    }
  }

  return (
    <SettingsCard id="receiver" title={t('receiver.title')} intro={t('receiver.intro')}>
      <p className="hint">{t('receiver.credentialsAlways')}</p>
      <label className="check">
        <input type="checkbox" checked={receiver.config.enabled} onChange={(e) => void apply({ enabled: e.target.checked })} />
        <span>{t('receiver.enabled')}</span>
      </label>
      {/* A form: Enter in any field applies it, as everywhere else. */}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (changed) void apply({});
        }}
      >
        <div className="row">
          <label className="field">
            <span>{t('receiver.host')}</span>
            <input
              value={c.host ?? ''}
              onChange={(e) => setDraft({ ...draft, host: e.target.value })}
              aria-describedby="receiver-host-hint"
            />
            <small id="receiver-host-hint" className="hint">
              {t('receiver.hostHint')}
            </small>
          </label>
          <label className="field">
            <span>{t('receiver.port')}</span>
            <input
              inputMode="numeric"
              value={String(c.port ?? '')}
              onChange={(e) => setDraft({ ...draft, port: Number(e.target.value.replace(/\D/g, '')) })}
            />
          </label>
        </div>
        <div className="row">
          <label className="field">
            <span>{t('receiver.path')}</span>
            <input value={c.path ?? ''} onChange={(e) => setDraft({ ...draft, path: e.target.value })} spellCheck={false} />
          </label>
          <button type="button" className="btn" onClick={() => void apply({ newPath: true })}>
            {t('receiver.newPath')}
          </button>
        </div>
        <label className="field">
          <span>{t('receiver.auth')}</span>
          <select value={c.auth} onChange={(e) => setDraft({ ...draft, auth: e.target.value as 'basic' | 'bearer' })}>
            {(['bearer', 'basic'] as const).map((a) => (
              <option key={a} value={a}>
                {t(`receiver.auths.${a}`)}
              </option>
            ))}
          </select>
        </label>
        {c.auth === 'basic' ? (
          <label className="field">
            <span>{t('receiver.userName')}</span>
            <input value={c.userName ?? ''} onChange={(e) => setDraft({ ...draft, userName: e.target.value })} autoComplete="off" />
          </label>
        ) : null}
        {c.auth === 'bearer' ? (
          <button type="button" className="btn" onClick={() => void apply({ auth: 'bearer', newToken: true })}>
            {t('receiver.newToken')}
          </button>
        ) : null}
        <label className="field">
          <span>{t('receiver.secret')}</span>
          <input
            type="password"
            value={draft.secret ?? ''}
            onChange={(e) => setDraft({ ...draft, secret: e.target.value })}
            autoComplete="new-password"
          />
          {receiver.config.secretSet && receiver.config.auth === c.auth ? <small className="hint">{t('receiver.secretSet')}</small> : null}
        </label>
        {/* Not `disabled`: once applied it would drop the focus to the page. */}
        <button type="submit" className="btn btn-primary" aria-disabled={!changed}>
          {t('receiver.save')}
        </button>
      </form>
      <ErrorText error={error} />
      <dl className="receiver-state" data-testid="receiver-state">
        <dt>{t('receiver.state')}</dt>
        <dd>
          <span className={`pill ${receiver.running ? 'pill-ok' : 'pill-warn'}`}>
            {receiver.running ? t('receiver.running') : t('receiver.stopped')}
          </span>
        </dd>
        {receiver.url ? (
          <>
            <dt>{t('receiver.url')}</dt>
            <dd>
              <code data-testid="receiver-url">{receiver.url}</code>{' '}
              <button
                type="button"
                className="btn btn-small"
                onClick={() =>
                  void navigator.clipboard?.writeText(receiver.url!).then(() => toast('success', { key: 'notifications:receiver.copied' }))
                }
              >
                {t('receiver.copy')}
              </button>
            </dd>
          </>
        ) : null}
        <dt>{t('receiver.received', { count: receiver.received })}</dt>
        <dd />
      </dl>
      {receiver.lastError ? <p className="error">{t('receiver.lastError', { error: receiver.lastError })}</p> : null}
      {/* Shown once: Escape does not throw the token away, only “Done” does. */}
      <Dialog title={t('receiver.tokenTitle')} open={created !== null} onClose={() => setCreated(null)} escapeCloses={false}>
        <p>{t('receiver.tokenOnce')}</p>
        <dl>
          {created?.url ? (
            <>
              <dt>{t('receiver.url')}</dt>
              <dd>
                <code>{created.url}</code>
              </dd>
            </>
          ) : null}
          <dt>{t('receiver.tokenLabel')}</dt>
          <dd>
            <code data-testid="receiver-token">{created?.token}</code>{' '}
            <button
              type="button"
              className="btn btn-small"
              onClick={() =>
                void navigator.clipboard?.writeText(created?.token ?? '').then(() => toast('success', t('receiver.tokenCopied')))
              }
            >
              {t('receiver.copyToken')}
            </button>
          </dd>
        </dl>
        <button type="button" className="btn btn-primary" onClick={() => setCreated(null)}>
          {t('receiver.done')}
        </button>
      </Dialog>
      <Dialog
        title={t('receiver.exposureTitle')}
        open={confirmHost !== null && !LOOPBACK.includes(confirmHost)}
        onClose={() => setConfirmHost(null)}
      >
        <p>{t('receiver.exposure', { host: confirmHost })}</p>
        <div className="row">
          <button
            type="button"
            className="btn btn-danger"
            onClick={() => {
              setConfirmHost(null);
              void apply({ acceptExposure: true });
            }}
          >
            {t('receiver.exposureAccept', { host: confirmHost })}
          </button>
          <button type="button" className="btn" onClick={() => setConfirmHost(null)}>
            {t('common:actions.cancel')}
          </button>
        </div>
      </Dialog>
    </SettingsCard>
  );
}
