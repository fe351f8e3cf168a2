import { useCallback, useRef, useState } from 'react';
import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { defaultSettings, type ScannerSettings } from '../../../shared/domain/settings';
import type { AppErrorShape } from '../../../shared/result';
import { ErrorText } from '../../components/ErrorText';
import { useFocusReturn } from '../../components/focus';
import { decodeKey } from '../../scanner/keymap';
import { useScanner } from '../../scanner/useScanner';
import { useApp } from '../../store/app';
import { ScannerWizard } from './ScannerWizard';
import { SettingsCard } from './SettingsCard';

interface SeenKey {
  key: string;
  code: string;
  decoded: string | null;
  gap: number | null;
}

type Outcome = { type: 'scan'; code: string } | { type: 'typing'; text: string } | null;

/** One piece of advice, and the settings change that follows it when there is one ("Apply"). */
export interface Advice {
  key: ParseKeys<'scanner'>;
  params: Record<string, string | number>;
  patch?: Partial<ScannerSettings>;
}

/** Advice for the settings, from the keys of the last attempt. */
export function scannerAdvice(keys: SeenKey[], s: ScannerSettings, outcome: Outcome): Advice[] {
  const out: Advice[] = [];
  const chars = keys.filter((k) => k.decoded !== null);
  const gaps = chars.slice(1).map((k) => k.gap ?? 0);
  const maxGap = gaps.length ? Math.max(...gaps) : 0;
  if (maxGap > s.maxInterKeyMs && maxGap < 200) {
    const suggest = Math.min(200, Math.ceil((maxGap * 1.3) / 5) * 5);
    out.push({ key: 'test.adviceGap', params: { gap: Math.round(maxGap), suggest }, patch: { maxInterKeyMs: suggest } });
  }
  const mismatch = chars.find((k) => k.key.length === 1 && k.decoded !== k.key);
  if (mismatch)
    out.push({
      key: 'test.adviceLayout',
      params: { key: mismatch.key, meant: mismatch.decoded ?? '' },
      ...(s.usePhysicalKeys ? {} : { patch: { usePhysicalKeys: true } }),
    });
  const end = keys[keys.length - 1]?.key;
  if ((end === 'Enter' || end === 'Tab') && end !== s.suffix)
    out.push({ key: 'test.adviceSuffix', params: { got: end, want: s.suffix }, patch: { suffix: end } });
  const text = chars.map((k) => k.decoded).join('');
  if (s.prefix && text && !text.startsWith(s.prefix)) out.push({ key: 'test.advicePrefix', params: { prefix: s.prefix } });
  if (text && text.length - s.prefix.length < s.minLength)
    out.push({
      key: 'test.adviceShort',
      params: { length: text.length - s.prefix.length, min: s.minLength },
      ...(text.length - s.prefix.length >= 1 ? { patch: { minLength: text.length - s.prefix.length } } : {}),
    });
  if (out.length === 0 && outcome?.type === 'scan') out.push({ key: 'test.adviceOk', params: {} });
  return out;
}

function ScannerTest({ settings, apply }: { settings: ScannerSettings; apply: (patch: Partial<ScannerSettings>) => Promise<void> }) {
  const { t } = useTranslation(['scanner', 'labels']);
  const [keys, setKeys] = useState<SeenKey[]>([]);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const lastAt = useRef<number | null>(null);

  const onKey = useCallback(
    (e: KeyboardEvent) => {
      const now = e.timeStamp || performance.now();
      const gap = lastAt.current === null ? null : now - lastAt.current;
      lastAt.current = now;
      const seen = { key: e.key, code: e.code, decoded: decodeKey(e, settings.usePhysicalKeys), gap };
      // A pause of half a second starts a new attempt.
      setKeys((prev) => (gap === null || gap > 500 ? [seen] : [...prev.slice(-63), seen]));
    },
    [settings.usePhysicalKeys],
  );
  useScanner((code) => setOutcome({ type: 'scan', code }), { onKey, onRelease: (text) => setOutcome({ type: 'typing', text }) });
  const advice = scannerAdvice(keys, settings, outcome);

  return (
    <div className="scanner-test" data-testid="scanner-test">
      <p className="hint">{t('test.hint')}</p>
      <p role="status" className="scanner-outcome">
        {outcome === null
          ? t('test.waiting')
          : outcome.type === 'scan'
            ? t('test.recognised', { code: outcome.code })
            : t('test.typing', { text: outcome.text })}
      </p>
      {advice.length > 0 ? (
        <div>
          <strong>{t('test.advice')}</strong>
          <ul>
            {advice.map((a) => (
              <li key={a.key}>
                {t(a.key, a.params)}{' '}
                {a.patch ? (
                  <button type="button" className="btn btn-small" onClick={() => void apply(a.patch!)}>
                    {t('test.apply')}
                  </button>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {keys.length > 0 ? (
        <table className="table" aria-label={t('test.keys')}>
          <thead>
            <tr>
              <th scope="col">{t('test.key')}</th>
              <th scope="col">{t('test.code')}</th>
              <th scope="col">{t('test.decoded')}</th>
              <th scope="col">{t('test.gap')}</th>
            </tr>
          </thead>
          <tbody>
            {keys.map((k, i) => (
              <tr key={i}>
                <td>{k.key}</td>
                <td>{k.code}</td>
                <td>{k.decoded ?? '—'}</td>
                <td>{k.gap === null ? '—' : Math.round(k.gap)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
  );
}

/** Scanner settings, and a test: scan a code, see what arrived, fix the settings. */
export function ScannerSection() {
  const { t } = useTranslation(['scanner', 'labels']);
  const settings = useApp((s) => s.settings?.scanner) ?? defaultSettings.scanner;
  const update = useApp((s) => s.updateSettings);
  const [error, setError] = useState<AppErrorShape | null>(null);
  const [testing, setTesting] = useState(false);
  const [wizard, setWizard] = useState(false);
  // Closed: the focus goes back to the button that opened it.
  const wizardButton = useRef<HTMLButtonElement>(null);
  const wizardFocus = useFocusReturn(wizardButton);
  // Drafts while typing; otherwise the stored values (which the wizard and "Apply" change too).
  const [maxGapDraft, setMaxGap] = useState<string | null>(null);
  const [minLengthDraft, setMinLength] = useState<string | null>(null);
  const maxGap = maxGapDraft ?? String(settings.maxInterKeyMs);
  const minLength = minLengthDraft ?? String(settings.minLength);

  const apply = async (patch: Partial<ScannerSettings>) => {
    const r = await update({ scanner: patch });
    setError(r.ok ? null : r.error);
  };

  return (
    <SettingsCard id="scanner" title={t('title')} intro={t('intro')}>
      <div className="row">
        <label className="field">
          <span>{t('prefix')}</span>
          <input
            value={settings.prefix}
            maxLength={10}
            onChange={(e) => void apply({ prefix: e.target.value })}
            aria-describedby="prefix-hint"
          />
          <small id="prefix-hint" className="hint">
            {t('prefixHint')}
          </small>
        </label>
        <label className="field">
          <span>{t('suffix')}</span>
          <select value={settings.suffix} onChange={(e) => void apply({ suffix: e.target.value as ScannerSettings['suffix'] })}>
            {(['Enter', 'Tab', 'none'] as const).map((s) => (
              <option key={s} value={s}>
                {t(`suffixes.${s}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="row">
        <label className="field">
          <span>{t('maxInterKeyMs')}</span>
          <input
            inputMode="numeric"
            value={maxGap}
            onChange={(e) => setMaxGap(e.target.value)}
            onBlur={() => void apply({ maxInterKeyMs: Number(maxGap) }).then(() => setMaxGap(null))}
          />
        </label>
        <label className="field">
          <span>{t('minLength')}</span>
          <input
            inputMode="numeric"
            value={minLength}
            onChange={(e) => setMinLength(e.target.value)}
            onBlur={() => void apply({ minLength: Number(minLength) }).then(() => setMinLength(null))}
          />
        </label>
      </div>
      <label className="check">
        <input type="checkbox" checked={settings.usePhysicalKeys} onChange={(e) => void apply({ usePhysicalKeys: e.target.checked })} />
        <span>{t('usePhysicalKeys')}</span>
      </label>
      <label className="field">
        <span>{t('gsSubstitute')}</span>
        <input
          value={settings.gsSubstitute}
          maxLength={1}
          className="short-input"
          onChange={(e) => void apply({ gsSubstitute: e.target.value })}
          aria-describedby="gs-hint"
        />
        <small id="gs-hint" className="hint">
          {t('gsSubstituteHint')}
        </small>
      </label>
      <ErrorText error={error} />
      <h3>{t('test.title')}</h3>
      <button type="button" className="btn" aria-pressed={testing} onClick={() => setTesting(!testing)}>
        {testing ? t('test.stop') : t('test.start')}
      </button>
      {testing ? <ScannerTest settings={settings} apply={apply} /> : null}
      {wizard ? (
        <ScannerWizard
          onClose={() => {
            wizardFocus.closed();
            setWizard(false);
          }}
        />
      ) : (
        <button
          type="button"
          className="btn"
          ref={wizardButton}
          onClick={() => {
            wizardFocus.opened();
            setTesting(false);
            setWizard(true);
          }}
        >
          {t('labels:wizard.start')}
        </button>
      )}
    </SettingsCard>
  );
}
