import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ais, aiAt } from '../../src/shared/gs1/dictionary';
import { parseDigitalLink } from '../../src/shared/gs1/digital-link';
import { GS, gs1Date, parseBracketed, parseElementString } from '../../src/shared/gs1/parse';
import { readScan } from '../../src/shared/gs1/read';
import { commandCode, gtinForms, interpretScan, parseCommand } from '../../src/shared/gs1/scan-intent';

const today = new Date('2026-11-23T12:00:00Z');
const els = (r: ReturnType<typeof parseElementString>) => (r.ok ? r.elements.map((e) => [e.ai, e.value]) : r.problem);

describe('GS1 element strings', () => {
  it('reads the General Specifications examples', () => {
    // GS1 General Specifications: trade item with serial, SSCC, GS1-128 with weight and dates.
    expect(els(parseElementString('018061414112345821' + '6789', today))).toEqual([
      ['01', '80614141123458'],
      ['21', '6789'],
    ]);
    expect(els(parseElementString('00106141412345678908', today))).toEqual([['00', '106141412345678908']]);
    expect(els(parseElementString(`0109506000134352172012251510122510ABC123${GS}21XYZ`, today))).toEqual([
      ['01', '09506000134352'],
      ['17', '201225'],
      ['15', '101225'],
      ['10', 'ABC123'],
      ['21', 'XYZ'],
    ]);
    expect(els(parseElementString(`0209506000134352${'3712'}${GS}10LOT1${GS}17271231`, today))).toEqual([
      ['02', '09506000134352'],
      ['37', '12'],
      ['10', 'LOT1'],
      ['17', '271231'],
    ]);
    // Net weight in kg with 3 decimals (3103), a predefined length: no separator needed after it.
    expect(els(parseElementString('0109506000134352310300125015251231', today))).toEqual([
      ['01', '09506000134352'],
      ['3103', '001250'],
      ['15', '251231'],
    ]);
  });

  it('reads the bracketed human-readable form', () => {
    expect(els(parseBracketed('(01)09506000134352(17)271231(10)AB-12/3', today))).toEqual([
      ['01', '09506000134352'],
      ['17', '271231'],
      ['10', 'AB-12/3'],
    ]);
  });

  it('refuses malformed codes with the reason', () => {
    const problem = (data: string) => {
      const r = parseElementString(data, today);
      return r.ok ? null : r.problem;
    };
    expect(problem('0109506000134353')).toEqual({ code: 'bad_check_digit', params: { ai: '01', value: '09506000134353', expected: 2 } });
    expect(problem('00106141412345678907')).toMatchObject({ code: 'bad_check_digit', params: { ai: '00' } });
    expect(problem('0209506000134353' + '3712')).toMatchObject({ code: 'bad_check_digit', params: { ai: '02' } });
    // The separator after the variable (37) is missing: the lot runs into the count.
    expect(problem('02095060001343523712' + '10LOT1')).toEqual({ code: 'not_numeric', params: { ai: '37', value: '1210LOT1' } });
    // A lot longer than 20 characters means a separator went missing.
    expect(problem('0109506000134352' + '10ABCDEFGHIJKLMNOPQRSTU')).toMatchObject({ code: 'too_long', params: { ai: '10', length: 20 } });
    // (37) counts trade items of (02); never with (01).
    expect(problem('0109506000134352' + '3712')).toEqual({ code: 'excluded_ai', params: { ai: '01', other: '37' } });
    expect(problem('0209506000134352')).toEqual({ code: 'missing_ai', params: { ai: '02', need: '37' } });
    expect(problem('10LOT1')).toMatchObject({ code: 'missing_ai', params: { ai: '10' } });
    expect(problem('0109506000134352' + '17271313')).toEqual({ code: 'bad_date', params: { ai: '17', value: '271313' } });
    expect(problem('0109506000134352' + '11260200')).toMatchObject({ code: 'bad_date', params: { ai: '11' } }); // day 00 only for 12-17
    expect(problem('0109506000134352' + '23X')).toMatchObject({ code: 'unknown_ai' });
    expect(problem('01095060001343')).toMatchObject({ code: 'too_short', params: { ai: '01' } });
    expect(problem(`0109506000134352${GS}10ABC${GS}10XYZ`)).toEqual({ code: 'duplicate_ai', params: { ai: '10' } });
    expect(problem('0109506000134352' + '10AB\u00e7')).toMatchObject({ code: 'bad_chars', params: { ai: '10' } });
  });

  it('finds every AI of the table at the start of a string, without prefix clashes', () => {
    for (const ai of ais().keys()) expect(aiAt(`${ai}0000000000000000000`)?.ai).toBe(ai);
  });

  it('never throws, whatever arrives', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (s) => {
        const r = parseElementString(s, today);
        expect(typeof r.ok).toBe('boolean');
        expect(readScan(s, { today }).kind).toMatch(/plain|gs1|malformed/);
      }),
    );
  });
});

describe('GS1 dates and the century rule', () => {
  it('puts a year more than 49 years ahead in the previous century, and day 00 at the month end', () => {
    expect(gs1Date('271231', true, today)).toBe('2027-12-31');
    expect(gs1Date('760101', false, today)).toBe('2076-01-01'); // 50 ahead: this century
    expect(gs1Date('770101', false, today)).toBe('1977-01-01'); // 51 ahead: the previous one
    expect(gs1Date('240200', true, today)).toBe('2024-02-29');
    expect(gs1Date('250200', true, today)).toBe('2025-02-28');
    expect(gs1Date('250200', false, today)).toBeNull();
    expect(gs1Date('10' + '0101', false, new Date('2060-06-01'))).toBe('2110-01-01'); // 50 behind: the next one
    expect(gs1Date('11' + '0101', false, new Date('2060-06-01'))).toBe('2011-01-01');
    expect(gs1Date('250230', false, today)).toBeNull();
  });
});

describe('GS1 Digital Link', () => {
  it('reads keys, qualifiers and query attributes', () => {
    const r = parseDigitalLink('https://id.gs1.org/01/09506000134352/10/AB%2F12/21/X1?17=271231&linkType=gs1:pip', today);
    expect(els(r)).toEqual([
      ['01', '09506000134352'],
      ['10', 'AB/12'],
      ['21', 'X1'],
      ['17', '271231'],
    ]);
    expect(els(parseDigitalLink('https://brand.example.com/some/path/01/9506000134352?3103=000195', today))).toEqual([
      ['01', '09506000134352'],
      ['3103', '000195'],
    ]);
    expect(els(parseDigitalLink('https://example.com/00/106141412345678908', today))).toEqual([['00', '106141412345678908']]);
    expect(els(parseDigitalLink('https://example.com/gtin/09506000134352/lot/ABC', today))).toEqual([
      ['01', '09506000134352'],
      ['10', 'ABC'],
    ]);
  });

  it('refuses a wrong check digit, qualifiers out of order and bad attribute values', () => {
    expect(parseDigitalLink('https://id.gs1.org/01/09506000134353', today)).toMatchObject({
      ok: false,
      problem: { code: 'bad_check_digit' },
    });
    expect(parseDigitalLink('https://id.gs1.org/01/09506000134352/21/X/10/L', today)).toMatchObject({
      ok: false,
      problem: { code: 'bad_link' },
    });
    expect(parseDigitalLink('https://id.gs1.org/01/09506000134352?17=271340', today)).toMatchObject({
      ok: false,
      problem: { code: 'bad_date' },
    });
  });
});

describe('reading a scan', () => {
  it('uses the symbology identifier', () => {
    expect(readScan(`]C10109506000134352${'10'}L1${GS}21S`, { today })).toMatchObject({ kind: 'gs1', aim: ']C1', declared: true });
    expect(readScan(']E09506000134352', { today })).toEqual({ kind: 'plain', code: '9506000134352', aim: ']E0' });
    expect(readScan(']C0ABC-123', { today })).toEqual({ kind: 'plain', code: 'ABC-123', aim: ']C0' });
    expect(readScan(']d2010950600013435317271231', { today })).toMatchObject({ kind: 'malformed', problem: { code: 'bad_check_digit' } });
    expect(readScan(']Q1https://id.gs1.org/01/09506000134352', { today })).toMatchObject({ kind: 'gs1', source: 'digital-link' });
  });

  it('turns the configured substitute back into GS only in GS1 codes', () => {
    expect(readScan(`]C10109506000134352${'10'}L1|21S`, { today, gsSubstitute: '|' })).toMatchObject({
      kind: 'gs1',
      elements: [
        { ai: '01', value: '09506000134352' },
        { ai: '10', value: 'L1' },
        { ai: '21', value: 'S' },
      ],
    });
    expect(readScan('A|B', { today, gsSubstitute: '|' })).toEqual({ kind: 'plain', code: 'A|B', aim: null });
    expect(readScan('0109506000134352' + '10L1|21S', { today, gsSubstitute: '|' })).toMatchObject({ kind: 'gs1', declared: true });
  });

  it('reads a whole element string without identifier or separator as GS1 only when it is valid', () => {
    expect(readScan('0108690010004079', { today })).toMatchObject({ kind: 'gs1', declared: false, elements: [{ ai: '01', value: '08690010004079' }] });
    expect(readScan('0108690010004078', { today })).toEqual({ kind: 'plain', code: '0108690010004078', aim: null });
    expect(readScan('00106141412345678908', { today })).toMatchObject({ kind: 'gs1', elements: [{ ai: '00' }] });
  });

  it('says a separator may be missing when a variable-length value holds more valid elements', () => {
    expect(interpretScan(`]C10108690010004079${'10'}LOT4217271231`, { today })).toMatchObject({
      kind: 'gs1',
      facts: { lot: 'LOT4217271231', missingSeparator: { ai: '10', value: 'LOT42', next: '(17)271231' } },
    });
    expect(interpretScan(`]C10108690010004079${'10'}LOT42${GS}17271231`, { today })).toMatchObject({ facts: { missingSeparator: null } });
    // A lot with digits that are no elements: nothing to say.
    expect(interpretScan(`]C10108690010004079${'10'}AB1234`, { today })).toMatchObject({ facts: { missingSeparator: null } });
  });

  it('leaves product codes and other web addresses alone', () => {
    for (const code of ['8690345727803', 'RAF-1', 'TestAyakkabi3KIRMIZI37', 'https://example.com/product/12']) {
      expect(readScan(code, { today })).toMatchObject({ kind: 'plain', code });
    }
  });
});

describe('what a scan means to a count', () => {
  it('a case label counts its contents, with lot and expiry', () => {
    expect(interpretScan(`]C10209506000134352${'3712'}${GS}10LOT1${GS}17271231`, { today })).toMatchObject({
      kind: 'gs1',
      lookup: ['09506000134352', '9506000134352'],
      facts: { gtin: '09506000134352', quantity: 12, lot: 'LOT1', expiry: '2027-12-31', serial: null, sscc: null },
    });
    expect(interpretScan('(01)09506000134352(21)SN-1(17)270600', { today })).toMatchObject({
      kind: 'gs1',
      facts: { quantity: null, serial: 'SN-1', expiry: '2027-06-30' },
    });
  });

  it('tries the GTIN as EAN-13, UPC-A and EAN-8 too', () => {
    expect(gtinForms('00036000291452')).toEqual(['00036000291452', '0036000291452', '036000291452']);
    expect(gtinForms('00000096385074')).toEqual(['00000096385074', '0000096385074', '000096385074', '96385074']);
    expect(gtinForms('10012345000017')).toEqual(['10012345000017']);
  });

  it('reads command barcodes, never as products', () => {
    for (const c of [
      { type: 'undo' },
      { type: 'review' },
      { type: 'finish' },
      { type: 'cancelQuantity' },
      { type: 'quantity', quantity: 12 },
      { type: 'quantity', quantity: 24 },
    ] as const) {
      expect(interpretScan(commandCode(c))).toEqual({ kind: 'command', command: c, code: commandCode(c) });
      expect(parseCommand(commandCode(c))).toEqual(c);
    }
    expect(interpretScan('WDCMDNOPE')).toEqual({ kind: 'command', command: null, code: 'WDCMDNOPE' });
    expect(interpretScan(']C0WDCMDUNDO')).toMatchObject({ kind: 'command', command: { type: 'undo' } });
  });
});
