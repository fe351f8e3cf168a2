import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Profile } from '../../../shared/domain/settings';
import type { AppErrorShape } from '../../../shared/result';
import { Dialog } from '../../components/Dialog';
import { ErrorText } from '../../components/ErrorText';
import { useFocusReturn } from '../../components/focus';
import { useApp } from '../../store/app';
import { useUi } from '../../store/ui';
import { ProfileForm } from './ProfileForm';
import { SettingsCard } from './SettingsCard';

export function ProfilesSection() {
  const { t } = useTranslation(['settings', 'common', 'signIn']);
  const profiles = useApp((s) => s.profiles);
  const remove = useApp((s) => s.deleteProfile);
  const toast = useUi((s) => s.toast);
  const [editing, setEditing] = useState<Profile | 'new' | null>(null);
  // The form closed: the focus goes back to the button that opened it (Edit …, or New connection).
  const addButton = useRef<HTMLButtonElement>(null);
  const focusReturn = useFocusReturn(addButton);
  const open = (what: Profile | 'new') => {
    focusReturn.opened();
    setEditing(what);
  };
  const [deleting, setDeleting] = useState<Profile | null>(null);
  const [error, setError] = useState<AppErrorShape | null>(null);

  return (
    <SettingsCard id="profiles" title={t('profiles.title')}>
      {profiles.length === 0 ? <p className="hint">{t('profiles.empty')}</p> : null}
      <ul className="list">
        {profiles.map((p) => (
          <li key={p.id} className="list-row">
            <span>
              <strong>{p.training ? t('signIn:training') : p.name}</strong>
              <br />
              <small>{p.omsUrl}</small>
            </span>
            {!p.training ? (
              <span className="row">
                <button
                  type="button"
                  className="btn btn-small"
                  onClick={() => open(p)}
                  aria-label={`${t('common:actions.edit')} ${p.name}`}
                >
                  {t('common:actions.edit')}
                </button>
                <button
                  type="button"
                  className="btn btn-small"
                  onClick={() => setDeleting(p)}
                  aria-label={`${t('common:actions.delete')} ${p.name}`}
                >
                  {t('common:actions.delete')}
                </button>
              </span>
            ) : null}
          </li>
        ))}
      </ul>
      <ErrorText error={error} />
      {editing ? (
        <ProfileForm
          // Another connection's Edit while the form is open: a form of its own, not this one saved under its id.
          key={editing === 'new' ? 'new' : editing.id}
          profile={editing === 'new' ? null : editing}
          onDone={(saved) => {
            focusReturn.closed();
            setEditing(null);
            if (saved) toast('success', { key: 'settings:profiles.saved' });
          }}
        />
      ) : (
        <button type="button" className="btn" ref={addButton} onClick={() => open('new')}>
          {t('profiles.add')}
        </button>
      )}
      <Dialog title={t('common:actions.delete')} open={deleting !== null} onClose={() => setDeleting(null)}>
        <p>{t('profiles.confirmDelete', { name: deleting?.name })}</p>
        <div className="row">
          <button
            type="button"
            className="btn btn-danger"
            onClick={() => {
              const p = deleting;
              setDeleting(null);
              if (p)
                void remove(p.id).then((r) => {
                  if (r.ok) toast('success', { key: 'settings:profiles.deleted' });
                  else setError(r.error);
                });
            }}
          >
            {t('common:actions.delete')}
          </button>
          <button type="button" className="btn" onClick={() => setDeleting(null)}>
            {t('common:actions.cancel')}
          </button>
        </div>
      </Dialog>
    </SettingsCard>
  );
}
