import type { ScannerSettings } from '../../shared/domain/settings';
import { type Gs1Element } from '../../shared/gs1/parse';
import { interpretScan } from '../../shared/gs1/scan-intent';
import { ScanDetector, timing, type KeyInput } from './detector';
import { GS, isGsKey, isModifierKey } from './gs-key';
import { decodeKey } from './keymap';

/** One keydown as the wizard recorded it. */
export interface RecordedKey {
  key: string;
  code: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  altKey: boolean;
  time: number;
}

export type SymbolId = 'ean13' | 'code128' | 'gs1-128' | 'gs1-datamatrix';

/** What each symbol of the printed test sheet holds (see print/sheets.ts TEST_SHEET). */
export const EXPECTED: Record<SymbolId, { plain: string } | { elements: Gs1Element[]; lot: string; after: string }> = {
  ean13: { plain: '8690000000012' },
  code128: { plain: "Ti-*iI'7" },
  'gs1-128': {
    elements: [
      { ai: '01', value: '09506000134352' },
      { ai: '10', value: 'LOT-7' },
      { ai: '21', value: 'SN1' },
    ],
    lot: 'LOT-7',
    after: '21SN1',
  },
  'gs1-datamatrix': {
    elements: [
      { ai: '01', value: '09506000134352' },
      { ai: '17', value: '271231' },
      { ai: '10', value: 'AB12' },
      { ai: '21', value: 'X9' },
    ],
    lot: 'AB12',
    after: '21X9',
  },
};

export const SYMBOLS: SymbolId[] = ['ean13', 'code128', 'gs1-128', 'gs1-datamatrix'];

/** Why a symbol did not read, for the worker (i18n keys under labels:wizard.problem). */
export type SymbolProblem = 'not_found' | 'gs_lost' | 'not_a_scan' | 'wrong_content';

export interface WizardResult {
  settings: Pick<ScannerSettings, 'prefix' | 'suffix' | 'maxInterKeyMs' | 'minLength' | 'usePhysicalKeys' | 'gsSubstitute'>;
  changes: { setting: keyof WizardResult['settings']; from: string | number | boolean; to: string | number | boolean }[];
  /**
   * `got`: the code the detector read (GS shown as <GS>); `received`: every character that arrived
   * for the symbol, as the settings decode them (what the worker compares with the printed code).
   */
  results: { id: SymbolId; pass: boolean; got: string | null; received: string; problem: SymbolProblem | null }[];
  /** The longest pause measured inside a scan, ms. */
  maxGapMs: number;
}

const END_KEYS = new Set(['Enter', 'Tab']);
const AIM = /\][A-Za-z][0-9A-Za-z]$/;

function text(keys: RecordedKey[], physical: boolean): string {
  let out = '';
  for (const k of keys) {
    if (isGsKey(k)) out += GS;
    else if (!k.ctrlKey && !k.altKey) out += decodeKey(k, physical) ?? '';
  }
  return out;
}

const payloadOf = (id: SymbolId) => {
  const e = EXPECTED[id];
  return 'plain' in e ? e.plain : e.lot;
};

/**
 * Reads the test sheet's scans (one burst of keydowns per symbol, in sheet order) and works out
 * the scanner settings under which each of them reads: the end key, the pause inside a scan,
 * physical-key decoding (a Turkish layout turns `-` into `*` and `i` into `ı`), the prefix, the
 * FNC1 substitute and the shortest code. Then replays every burst through the real detector with
 * those settings and says which symbols read.
 */
export function runWizard(bursts: RecordedKey[][], current: ScannerSettings): WizardResult {
  const chars = bursts.map((b) => b.filter((k) => !END_KEYS.has(k.key)));
  // End key: what every burst ended with; none when they just stop.
  const ends = bursts.map((b) => b[b.length - 1]?.key);
  const suffix: ScannerSettings['suffix'] = ends.every((e) => e === 'Enter') ? 'Enter' : ends.every((e) => e === 'Tab') ? 'Tab' : 'none';

  // Pause: the longest gap between two characters of one scan, with room to spare.
  let maxGapMs = 0;
  for (const b of chars) for (let i = 1; i < b.length; i++) maxGapMs = Math.max(maxGapMs, b[i]!.time - b[i - 1]!.time);
  const maxInterKeyMs = Math.min(200, Math.max(35, Math.ceil((maxGapMs * 1.5) / 5) * 5));

  // Physical keys: the Code 128 symbol holds the characters a Turkish layout changes.
  const i128 = SYMBOLS.indexOf('code128');
  const physicalOk = text(chars[i128] ?? [], true).includes(payloadOf('code128'));
  const keyOk = text(chars[i128] ?? [], false).includes(payloadOf('code128'));
  const usePhysicalKeys = physicalOk && !keyOk ? true : keyOk && !physicalOk ? false : current.usePhysicalKeys;

  // Prefix: what comes before each code (and before its symbology identifier, if one is sent).
  const decoded = chars.map((b) => text(b, usePhysicalKeys));
  const befores: string[] = [];
  SYMBOLS.forEach((id, i) => {
    const s = decoded[i] ?? '';
    const at = id === 'gs1-128' || id === 'gs1-datamatrix' ? s.indexOf('01095060001343') : s.indexOf(payloadOf(id));
    if (at >= 0)
      befores.push(
        s
          .slice(0, at)
          .replace(AIM, '')
          .replace(new RegExp(`${GS}+$`), ''),
      );
  });
  const prefix = befores.length > 0 && befores.every((b) => b === befores[0]) && befores[0]!.length <= 10 ? befores[0]! : current.prefix;

  // FNC1: between the lot and the next AI of the GS1 symbols, GS itself or the substitute.
  let gsSubstitute = current.gsSubstitute;
  for (const id of ['gs1-128', 'gs1-datamatrix'] as const) {
    const e = EXPECTED[id];
    if (!('lot' in e)) continue;
    const s = decoded[SYMBOLS.indexOf(id)] ?? '';
    const from = s.indexOf(e.lot);
    const to = from >= 0 ? s.indexOf(e.after, from + e.lot.length) : -1;
    if (to < 0) continue;
    const sep = s.slice(from + e.lot.length, to);
    if (sep === GS) gsSubstitute = '';
    else if (sep.length === 1 && !/[\p{L}\p{N}\s]/u.test(sep)) gsSubstitute = sep;
  }

  // The shortest code must not be longer than the shortest symbol of the sheet.
  const minLength = Math.min(current.minLength, payloadOf('code128').length);

  const settings = { prefix, suffix, maxInterKeyMs, minLength, usePhysicalKeys, gsSubstitute };
  const changes: WizardResult['changes'] = [];
  for (const k of Object.keys(settings) as (keyof typeof settings)[]) {
    if (settings[k] !== current[k]) changes.push({ setting: k, from: current[k], to: settings[k] });
  }
  const results = SYMBOLS.map((id, i) => check(id, bursts[i] ?? [], settings));
  return { settings, changes, results, maxGapMs };
}

/**
 * Replays a burst through the detector as useScanner feeds it (its timer ticks before each key;
 * a Ctrl/Alt shortcut flushes the run), then lets the time pass after which the detector has
 * decided (without an end key, that pause is what ends the code), and checks what it read.
 */
export function replay(burst: RecordedKey[], s: WizardResult['settings']): string | null {
  const d = new ScanDetector(s);
  const t = timing(s.maxInterKeyMs, s.suffix);
  const settled = Math.max(t.leadMs, t.holdMs, t.joinMs) + 1;
  let last = 0;
  for (const k of burst) {
    const before = d.tick(k.time);
    if (before?.type === 'scan') return before.code;
    last = k.time;
    if (!isGsKey(k) && !isModifierKey(k) && (k.ctrlKey || k.altKey)) {
      d.flush();
      continue;
    }
    const input: KeyInput = isGsKey(k) ? { code: '', key: GS, shiftKey: false, time: k.time } : { ...k };
    const v = d.feed(input);
    if (v.type === 'scan') return v.code;
  }
  const r = d.tick(last + settled);
  return r?.type === 'scan' ? r.code : null;
}

const shownGs = (text: string) => text.split(GS).join('<GS>');

function check(id: SymbolId, burst: RecordedKey[], s: WizardResult['settings']): WizardResult['results'][number] {
  const received = shownGs(text(burst.filter((k) => !END_KEYS.has(k.key)), s.usePhysicalKeys));
  const result = (r: Omit<WizardResult['results'][number], 'id' | 'received'>) => ({ id, received, ...r });
  if (burst.length === 0) return result({ pass: false, got: null, problem: 'not_found' });
  const code = replay(burst, s);
  if (code === null) return result({ pass: false, got: null, problem: 'not_a_scan' });
  const intent = interpretScan(code, { gsSubstitute: s.gsSubstitute });
  const e = EXPECTED[id];
  const shown = shownGs(code);
  if ('plain' in e) {
    const pass = intent.kind === 'plain' && intent.code === e.plain;
    return result({ pass, got: shown, problem: pass ? null : 'wrong_content' });
  }
  // The lot runs straight into the next AI: the scanner sent no separator.
  if (code.includes(e.lot + e.after)) return result({ pass: false, got: shown, problem: 'gs_lost' });
  if (intent.kind !== 'gs1') return result({ pass: false, got: shown, problem: 'wrong_content' });
  const same = JSON.stringify(intent.elements) === JSON.stringify(e.elements);
  return result({ pass: same, got: shown, problem: same ? null : 'wrong_content' });
}
