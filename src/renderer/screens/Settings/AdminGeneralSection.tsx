import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppErrorShape } from '../../../shared/result';
import { ErrorText } from '../../components/ErrorText';
import { useApp } from '../../store/app';
import { StationNameField } from './StationNameField';

/** An administrator's general settings: background sync, the image server, the station name. */
export function AdminGeneralSection() {
  const { t } = useTranslation('settings');
  const settings = useApp((s) => s.settings);
  const update = useApp((s) => s.updateSettings);
  const [error, setError] = useState<AppErrorShape | null>(null);
  const [imageBaseUrl, setImageBaseUrl] = useState(settings?.imageBaseUrl ?? '');
  const [interval, setInterval] = useState(String(settings?.syncIntervalMinutes ?? 15));
  /** The core asked for an administrator's acceptance of an http:// image server on another computer. */
  const [askInsecure, setAskInsecure] = useState(false);
  const [acceptInsecure, setAcceptInsecure] = useState(false);
  if (!settings) return null;

  /** Pictures may come only from this server (the page's CSP names it): a change reloads the page. */
  const saveImageServer = async () => {
    if (imageBaseUrl.trim().replace(/\/+$/, '') === settings.imageBaseUrl) return;
    const r = await update({ imageBaseUrl, ...(acceptInsecure ? { allowInsecureImages: true } : {}) });
    setError(r.ok ? null : r.error);
    if (!r.ok && r.error.params?.reason === 'insecure_image_http') setAskInsecure(true);
    if (r.ok) window.location.reload();
  };

  return (
    <section className="card" aria-labelledby="admin-general-title">
      <h2 id="admin-general-title">{t('sync.title')}</h2>
      <label className="field">
        <span>{t('sync.interval')}</span>
        <input
          inputMode="numeric"
          pattern="[0-9]+"
          value={interval}
          onChange={(e) => setInterval(e.target.value)}
          onBlur={() => void update({ syncIntervalMinutes: Number(interval) }).then((r) => setError(r.ok ? null : r.error))}
        />
      </label>
      <label className="field">
        <span>{t('images.baseUrl')}</span>
        <input
          type="url"
          value={imageBaseUrl}
          onChange={(e) => setImageBaseUrl(e.target.value)}
          onBlur={() => void saveImageServer()}
          aria-describedby="image-server-hint"
        />
        <small id="image-server-hint" className="hint">
          {t('images.onlyThere')}
        </small>
      </label>
      {askInsecure ? (
        <label className="field field-inline">
          <input
            type="checkbox"
            checked={acceptInsecure}
            onChange={(e) => {
              setAcceptInsecure(e.target.checked);
            }}
          />
          <span>{t('profiles.insecureHttpAccept')}</span>
        </label>
      ) : null}
      {askInsecure && acceptInsecure ? (
        <button type="button" className="btn" onClick={() => void saveImageServer()}>
          {t('images.saveAnyway')}
        </button>
      ) : null}
      <StationNameField />
      <label className="check">
        <input
          type="checkbox"
          checked={settings.exportCodes}
          aria-describedby="export-codes-hint"
          onChange={(e) => void update({ exportCodes: e.target.checked }).then((r) => setError(r.ok ? null : r.error))}
        />
        <span>{t('exportCodes.label')}</span>
      </label>
      <small id="export-codes-hint" className="hint">
        {t('exportCodes.hint')}
      </small>
      <ErrorText error={error} />
    </section>
  );
}
