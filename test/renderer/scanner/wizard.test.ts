import { describe, expect, it } from 'vitest';
import { defaultSettings, type ScannerSettings } from '../../../src/shared/domain/settings';
import { runWizard, type RecordedKey } from '../../../src/renderer/scanner/wizard';
import { burstKeys, type Layout } from '../../e2e/keyboards';

const GS = '\u001d';

/** The test sheet's four symbols as a scanner sends them (AIM identifiers on, FNC1 as `fnc1`). */
function sheet(fnc1: string, aim: boolean): string[] {
  const id = (x: string) => (aim ? x : '');
  return [
    `${id(']E0')}8690000000012`,
    `${id(']C0')}Ti-*iI'7`,
    `${id(']C1')}010950600013435210LOT-7${fnc1}21SN1`,
    `${id(']d2')}010950600013435217271231` + `10AB12${fnc1}21X9`,
  ];
}

function bursts(texts: string[], layout: Layout, end: 'Enter' | 'Tab' | 'none', gapMs = 4, prefix = ''): RecordedKey[][] {
  let t = 1000;
  return texts.map((text) => {
    t += 2000;
    return burstKeys(prefix + text, layout, end).map((k) => ({ ...k, ctrlKey: !!k.ctrlKey, altKey: false, time: (t += gapMs) }));
  });
}

const wrong: ScannerSettings = { ...defaultSettings.scanner, prefix: '$', suffix: 'Enter', usePhysicalKeys: false, gsSubstitute: '' };

describe('scanner setup wizard', () => {
  it('a scanner on a Turkish Q keyboard, ending with Tab, FNC1 as ~: every setting found, every symbol reads', () => {
    const r = runWizard(bursts(sheet('~', true), 'turkish-q', 'Tab', 9), wrong);
    expect(r.settings).toEqual({ prefix: '', suffix: 'Tab', maxInterKeyMs: 35, minLength: 4, usePhysicalKeys: true, gsSubstitute: '~' });
    expect(r.changes.map((c) => c.setting).sort()).toEqual(['gsSubstitute', 'prefix', 'suffix', 'usePhysicalKeys']);
    expect(r.results.map((x) => [x.id, x.pass])).toEqual([
      ['ean13', true],
      ['code128', true],
      ['gs1-128', true],
      ['gs1-datamatrix', true],
    ]);
  });

  it('GS as Ctrl+], a prefix, no identifiers, a slow scanner, a US keyboard', () => {
    const r = runWizard(bursts(sheet(GS, false), 'us', 'Enter', 40, '#'), { ...defaultSettings.scanner, gsSubstitute: '|' });
    expect(r.settings).toMatchObject({ prefix: '#', suffix: 'Enter', maxInterKeyMs: 60, gsSubstitute: '', usePhysicalKeys: true });
    expect(r.results.every((x) => x.pass)).toBe(true);
  });

  it('GS as Ctrl+] (Control pressed first) or as the GS character, at 2, 8 and 80 ms a character: the GS1 symbols 3 and 4 read', () => {
    for (const gapMs of [2, 8, 80])
      for (const gs of ['ctrl', 'char'] as const) {
        let t = 1000;
        const keys = sheet(GS, true).map((text) => {
          t += 2000;
          return burstKeys(text, 'us', 'Enter', gs).map((k) => ({ ...k, ctrlKey: !!k.ctrlKey, altKey: false, time: (t += k.key === 'Control' ? 0 : gapMs) }));
        });
        const r = runWizard(keys, defaultSettings.scanner);
        expect(r.results.map((x) => [x.id, x.pass]), `${gapMs} ms, ${gs}`).toEqual([
          ['ean13', true],
          ['code128', true],
          ['gs1-128', true],
          ['gs1-datamatrix', true],
        ]);
        expect(r.settings.gsSubstitute).toBe('');
      }
  });

  it('a scanner that drops FNC1 fails the GS1 symbols and says why', () => {
    const r = runWizard(bursts(sheet('', true), 'us', 'Enter'), defaultSettings.scanner);
    // The characters that arrived are shown with the reason.
    expect(r.results[2]!.received).toBe(']C1010950600013435210LOT-721SN1');
    expect(r.results.map((x) => [x.id, x.pass, x.problem])).toEqual([
      ['ean13', true, null],
      ['code128', true, null],
      ['gs1-128', false, 'gs_lost'],
      ['gs1-datamatrix', false, 'gs_lost'],
    ]);
  });

  it('ends without a key: a pause ends the code', () => {
    const r = runWizard(bursts(sheet(GS, false), 'us', 'none'), defaultSettings.scanner);
    expect(r.settings.suffix).toBe('none');
    expect(r.results.every((x) => x.pass)).toBe(true);
  });
});
