import { useEffect, useRef, useState } from 'react';
import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { defaultSettings, type ScannerSettings } from '../../../shared/domain/settings';
import type { AppErrorShape } from '../../../shared/result';
import { ErrorText } from '../../components/ErrorText';
import { modalOpen } from '../../components/focus';
import { PrintPreview } from '../../print/LazyPrintPreview';
import { LABEL_SIZES, TEST_SHEET } from '../../print/sheets';
import { SYMBOLS, runWizard, type RecordedKey, type WizardResult } from '../../scanner/wizard';
import { useApp } from '../../store/app';

/** A pause this long ends a scan that has no end key (and separates two scans of the sheet). */
const BURST_GAP_MS = 300;
/** Fewer characters than this is a person pressing a key, not a scan. */
const MIN_BURST_CHARS = 4;
const MODIFIERS = new Set(['Shift', 'Control', 'Alt', 'AltGraph', 'Meta', 'CapsLock']);

const SYMBOL_TITLE: Record<(typeof SYMBOLS)[number], ParseKeys<'labels'>> = {
  ean13: 'test.symbol.ean13',
  code128: 'test.symbol.code128',
  'gs1-128': 'test.symbol.gs1128',
  'gs1-datamatrix': 'test.symbol.datamatrix',
};

function useFormat() {
  const { t } = useTranslation(['labels', 'common', 'scanner']);
  return (setting: keyof WizardResult['settings'], v: string | number | boolean): string => {
    if (typeof v === 'boolean') return v ? t('wizard.on') : t('wizard.off');
    if (setting === 'suffix') return t(`scanner:suffixes.${String(v)}`, { defaultValue: String(v) });
    if (v === '') return setting === 'gsSubstitute' ? t('wizard.gsItself') : t('wizard.empty');
    return String(v);
  };
}

/**
 * Scanner setup from the printed test sheet: the worker scans its four symbols in order; the
 * wizard records the raw keys (nothing reaches the page meanwhile), works out the settings, saves
 * them, and shows what changed and which symbols now read.
 */
export function ScannerWizard({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(['labels', 'common', 'scanner']);
  const format = useFormat();
  const current: ScannerSettings = useApp((s) => s.settings?.scanner) ?? defaultSettings.scanner;
  const update = useApp((s) => s.updateSettings);
  const [bursts, setBursts] = useState<RecordedKey[][]>([]);
  const [result, setResult] = useState<WizardResult | null>(null);
  const [error, setError] = useState<AppErrorShape | null>(null);
  const [sheet, setSheet] = useState(false);
  const startSettings = useRef(current);
  const recording = result === null && !sheet;
  const onCloseRef = useRef(onClose);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    if (!recording) return;
    let burst: RecordedKey[] = [];
    let lastKey = -Infinity;
    const finish = () => {
      const chars = burst.filter((k) => k.key.length === 1 || k.ctrlKey).length;
      if (chars >= MIN_BURST_CHARS) {
        const done = burst;
        setBursts((prev) => (prev.length < SYMBOLS.length ? [...prev, done] : prev));
      }
      burst = [];
    };
    const onKey = (e: KeyboardEvent) => {
      if (modalOpen()) return; // a question of Settings opened from the keyboard answers its own keys
      const time = e.timeStamp || performance.now();
      const quiet = burst.length === 0 && time - lastKey > BURST_GAP_MS;
      // Shift of a person's Shift+Tab (or of a scan's first capital): not a key of a scan by itself.
      if (quiet && MODIFIERS.has(e.key)) return;
      // Between scans the keyboard still works: Escape closes the wizard, Tab and Enter move to and
      // press its buttons. (A scan never starts with them; its Tab or Enter suffix comes at once.)
      if (quiet && e.key === 'Escape') {
        e.preventDefault();
        e.stopImmediatePropagation();
        onCloseRef.current();
        return;
      }
      if (quiet && (e.key === 'Tab' || e.key === 'Enter')) return;
      e.preventDefault();
      e.stopImmediatePropagation();
      lastKey = time;
      const last = burst[burst.length - 1];
      if (last && time - last.time > BURST_GAP_MS) finish();
      burst.push({ key: e.key, code: e.code, shiftKey: e.shiftKey, ctrlKey: e.ctrlKey, altKey: e.altKey, time });
      if (e.key === 'Enter' || e.key === 'Tab') finish();
    };
    const timer = setInterval(() => {
      const last = burst[burst.length - 1];
      if (last && performance.now() - last.time > BURST_GAP_MS) finish();
    }, 100);
    window.addEventListener('keydown', onKey, { capture: true });
    return () => {
      window.removeEventListener('keydown', onKey, { capture: true });
      clearInterval(timer);
    };
  }, [recording]);

  useEffect(() => {
    if (bursts.length < SYMBOLS.length || result) return;
    const r = runWizard(bursts, startSettings.current);
    void update({ scanner: r.settings }).then((saved) => {
      setError(saved.ok ? null : saved.error);
      setResult(r);
    });
  }, [bursts, result, update]);

  const restart = () => {
    startSettings.current = current;
    setBursts([]);
    setResult(null);
    setError(null);
  };

  return (
    <div className="scanner-wizard" data-testid="scanner-wizard" aria-labelledby="wizard-title" role="region">
      {/* Opened: the focus comes here (the button that opened it is gone); Tab goes on to its buttons. */}
      <h3 id="wizard-title" tabIndex={-1} ref={heading}>
        {t('wizard.title')}
      </h3>
      {result === null ? (
        <>
          <p className="hint">{t('wizard.intro')}</p>
          <ol className="wizard-steps">
            {SYMBOLS.map((id, i) => (
              <li key={id} data-state={i < bursts.length ? 'read' : i === bursts.length ? 'next' : 'waiting'}>
                {t(SYMBOL_TITLE[id])} —{' '}
                {i < bursts.length ? t('wizard.received') : i === bursts.length ? t('wizard.scanNow') : t('wizard.waiting')}
              </li>
            ))}
          </ol>
        </>
      ) : (
        <>
          <p role="status" data-testid="wizard-summary">
            {result.results.every((r) => r.pass) ? t('wizard.allRead') : t('wizard.someFailed')}
          </p>
          <h4>{t('wizard.changed')}</h4>
          {result.changes.length === 0 ? (
            <p>{t('wizard.nothingChanged')}</p>
          ) : (
            <table className="table" aria-label={t('wizard.changed')} data-testid="wizard-changes">
              <thead>
                <tr>
                  <th scope="col">{t('wizard.setting')}</th>
                  <th scope="col">{t('wizard.before')}</th>
                  <th scope="col">{t('wizard.after')}</th>
                </tr>
              </thead>
              <tbody>
                {result.changes.map((c) => (
                  <tr key={c.setting} data-setting={c.setting}>
                    <td>{t(`scanner:${c.setting}`)}</td>
                    <td>{format(c.setting, c.from)}</td>
                    <td>{format(c.setting, c.to)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <h4>{t('wizard.symbols')}</h4>
          <ul className="wizard-results" data-testid="wizard-results">
            {result.results.map((r) => (
              <li key={r.id} data-pass={r.pass}>
                <strong>{r.pass ? t('wizard.pass') : t('wizard.fail')}</strong> {t(SYMBOL_TITLE[r.id])}
                {r.got !== null ? <code> {r.got}</code> : null}
                {r.pass ? null : (
                  <div data-testid="wizard-received">
                    {t('wizard.arrived')}: <code>{r.received || t('wizard.empty')}</code>
                  </div>
                )}
                {r.problem ? <div className="hint">{t(`wizard.problem.${r.problem}`)}</div> : null}
              </li>
            ))}
          </ul>
        </>
      )}
      <ErrorText error={error} />
      <div className="row">
        <button type="button" className="btn" onClick={() => setSheet(true)}>
          {t('wizard.printSheet')}
        </button>
        <button type="button" className="btn" onClick={restart}>
          {t('wizard.restart')}
        </button>
        <button type="button" className="btn" onClick={onClose}>
          {t('common:actions.close')}
        </button>
      </div>
      {sheet ? (
        <PrintPreview title={t('test.sheet')} codes={[...TEST_SHEET]} size={LABEL_SIZES[2]!} onClose={() => setSheet(false)} />
      ) : null}
    </div>
  );
}
