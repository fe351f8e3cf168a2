import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { sendsCredentialsInClear, type Profile, type ProfileInput } from '../../../shared/domain/settings';
import type { AppErrorShape } from '../../../shared/result';
import { ErrorText } from '../../components/ErrorText';
import { useApp } from '../../store/app';
import { ConnectionTest } from './ConnectionTest';

const splitCodes = (s: string) =>
  s
    .split(/[\n,;]+/)
    .map((c) => c.trim())
    .filter(Boolean);

export function ProfileForm({ profile, onDone }: { profile: Profile | null; onDone: (saved: Profile | null) => void }) {
  const { t } = useTranslation(['settings', 'common']);
  const save = useApp((s) => s.saveProfile);
  const [name, setName] = useState(profile?.name ?? '');
  const [omsUrl, setOmsUrl] = useState(profile?.omsUrl ?? '');
  const [pimUrl, setPimUrl] = useState(profile?.pimUrl ?? '');
  const [companyId, setCompanyId] = useState(String(profile?.companyId ?? 1));
  const [codes, setCodes] = useState((profile?.storageCodes ?? []).join('\n'));
  const [unit, setUnit] = useState<'ms' | 's'>(profile?.timestampUnit ?? 'ms');
  const [pageSize, setPageSize] = useState(String(profile?.pageSize ?? 100));
  const [error, setError] = useState<AppErrorShape | null>(null);
  const [allowInsecure, setAllowInsecure] = useState(false);
  const insecure = [omsUrl, pimUrl || omsUrl].find(sendsCredentialsInClear);
  // Opened: the worker types the name next, without reaching for the mouse.
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const input: ProfileInput = {
      ...(profile ? { id: profile.id } : {}),
      name,
      omsUrl,
      pimUrl: pimUrl || omsUrl,
      companyId: Number(companyId),
      storageCodes: splitCodes(codes),
      timestampUnit: unit,
      pageSize: Number(pageSize),
      ...(insecure && allowInsecure ? { allowInsecureHttp: true } : {}),
    };
    const r = await save(input);
    if (r.ok) onDone(r.value);
    else setError(r.error);
  }

  return (
    <form className="form profile-form" onSubmit={(e) => void onSubmit(e)} aria-label={profile ? t('profiles.edit') : t('profiles.add')}>
      <label className="field">
        <span>{t('profiles.name')}</span>
        <input ref={first} value={name} onChange={(e) => setName(e.target.value)} required maxLength={80} />
      </label>
      <label className="field">
        <span>{t('profiles.omsUrl')}</span>
        <input type="url" value={omsUrl} onChange={(e) => setOmsUrl(e.target.value)} required placeholder="https://oms.example.com" />
      </label>
      <label className="field">
        <span>{t('profiles.pimUrl')}</span>
        <input type="url" value={pimUrl} onChange={(e) => setPimUrl(e.target.value)} placeholder={omsUrl || 'https://pim.example.com'} />
      </label>
      {insecure ? (
        <div className="form-warning" role="note">
          <p>{t('profiles.insecureHttp', { address: insecure })}</p>
          <label className="check">
            <input type="checkbox" checked={allowInsecure} onChange={(e) => setAllowInsecure(e.target.checked)} />
            <span>{t('profiles.insecureHttpAccept')}</span>
          </label>
        </div>
      ) : null}
      {profile ? <small className="hint">{t('profiles.movedSignIn')}</small> : null}
      <div className="row">
        <label className="field">
          <span>{t('profiles.companyId')}</span>
          <input inputMode="numeric" pattern="[0-9]+" value={companyId} onChange={(e) => setCompanyId(e.target.value)} required />
        </label>
        <label className="field">
          <span>{t('profiles.pageSize')}</span>
          <input inputMode="numeric" pattern="[0-9]+" value={pageSize} onChange={(e) => setPageSize(e.target.value)} required />
        </label>
        <label className="field">
          <span>{t('profiles.timestampUnit')}</span>
          <select value={unit} onChange={(e) => setUnit(e.target.value as 'ms' | 's')}>
            <option value="ms">{t('profiles.timestampUnits.ms')}</option>
            <option value="s">{t('profiles.timestampUnits.s')}</option>
          </select>
        </label>
      </div>
      <label className="field">
        <span>{t('profiles.storageCodes')}</span>
        <textarea value={codes} onChange={(e) => setCodes(e.target.value)} rows={3} aria-describedby="codes-hint" />
        <small id="codes-hint">{t('profiles.storageCodesHint')}</small>
      </label>
      <ConnectionTest omsUrl={omsUrl} allowInsecureHttp={!!insecure && allowInsecure} />
      <ErrorText error={error} />
      <div className="row">
        <button type="submit" className="btn btn-primary">
          {t('common:actions.save')}
        </button>
        <button type="button" className="btn" onClick={() => onDone(null)}>
          {t('common:actions.cancel')}
        </button>
      </div>
    </form>
  );
}
