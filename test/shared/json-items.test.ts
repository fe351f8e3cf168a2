import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cutTopLevelArray, textOf } from '../../src/shared/text/json-items';

/** The cut of a page sent as UTF-8, its items as text. */
function cutText(text: string, key = 'data'): { items: string[]; envelope: string } | null {
  const cut = cutTopLevelArray(new TextEncoder().encode(text), key);
  return cut && { items: cut.items.map(textOf), envelope: cut.envelope };
}

/** What the sync does with a cut page: the envelope and every item parsed on their own. */
function parseCut(text: string): { envelope: unknown; items: unknown[] } | null {
  const cut = cutText(text);
  if (cut === null) return null;
  try {
    return { envelope: JSON.parse(cut.envelope) as unknown, items: cut.items.map((s) => JSON.parse(s) as unknown) };
  } catch {
    return null;
  }
}

const page = fc.record({
  before: fc.dictionary(fc.string(), fc.jsonValue()),
  items: fc.array(fc.jsonValue(), { maxLength: 8 }),
  after: fc.dictionary(fc.string(), fc.jsonValue()),
  indent: fc.constantFrom(undefined, 0, 1, 2, '\t'),
});

type Page = { before: Record<string, fc.JsonValue>; items: fc.JsonValue[]; after: Record<string, fc.JsonValue>; indent: string | number | undefined };

function pageText({ before, items, after, indent }: Page): string {
  delete before.data;
  delete after.data;
  return JSON.stringify({ ...before, data: items, ...after }, null, indent);
}

describe('a list page cut into its records, as sent', () => {
  it('gives exactly the items and the envelope JSON.parse reads, however the page is written', () => {
    fc.assert(
      fc.property(page, (p) => {
        const text = pageText(p);
        const cut = cutText(text);
        // A key that JSON.stringify wrote with escapes (a quote, a control character) makes the
        // cut give up rather than guess; otherwise every item is its own exact text.
        const escapedKey = [...Object.keys(p.before), ...Object.keys(p.after)].some((k) => JSON.stringify(k).includes('\\'));
        if (escapedKey && cut === null) return;
        expect(cut).not.toBeNull();
        const whole = JSON.parse(text) as Record<string, unknown>;
        expect(cut!.items.map((s) => JSON.parse(s) as unknown)).toEqual(whole.data);
        expect(JSON.parse(cut!.envelope)).toEqual({ ...whole, data: [] });
        for (const s of cut!.items) expect(text.includes(s)).toBe(true);
      }),
      { numRuns: 1500 },
    );
  });

  it('never accepts a damaged page that JSON.parse refuses, and reads the same as JSON.parse when it accepts', () => {
    const damage = fc.record({
      at: fc.nat(),
      kind: fc.constantFrom('cut', 'drop', 'insert'),
      char: fc.constantFrom(',', ']', '[', '{', '}', '"', '\\', ':', ' ', 'x', '1'),
    });
    fc.assert(
      fc.property(page, damage, (p, d) => {
        const text = pageText(p);
        const at = d.at % (text.length + 1);
        const damaged =
          d.kind === 'cut' ? text.slice(0, at) : d.kind === 'drop' ? text.slice(0, at) + text.slice(at + 1) : text.slice(0, at) + d.char + text.slice(at);
        const got = parseCut(damaged);
        if (got === null) return;
        // Accepted by the cut: JSON.parse must accept the same text and read the same records.
        const whole = JSON.parse(damaged) as Record<string, unknown>;
        expect(got.items).toEqual(whole.data);
        expect(got.envelope).toEqual({ ...whole, data: [] });
      }),
      { numRuns: 4000 },
    );
  });

  it('keeps strings with quotes, backslashes and brackets whole', () => {
    const records = [{ name: 'a "quoted" \\ name', note: '}{][,' }, { name: '\\', x: [1, { y: '\\"' }] }, 'ş', 12.5e-3, null, true];
    const text = `{"isSuccess":true , "data" : ${JSON.stringify(records, null, 2)},"totalPages":3}`;
    expect(cutText(text)!.items.map((s) => JSON.parse(s) as unknown)).toEqual(records);
    expect(JSON.parse(cutText(text)!.envelope)).toEqual({ isSuccess: true, data: [], totalPages: 3 });
  });

  it('gives up (null) where the text could disagree with what JSON.parse reads', () => {
    expect(cutText('{"data":[1],"data":[2]}')).toBeNull();
    expect(cutText('{"d\\u0061ta":[1]}')).toBeNull();
    expect(cutText('{"data":null}')).toBeNull();
    expect(cutText('{"other":[1]}')).toBeNull();
    expect(cutText('[{"data":[1]}]')).toBeNull();
    expect(cutText('{"data":[1 2]}')).toBeNull();
    expect(cutText('{"data":[1,]}')).toBeNull();
    expect(cutText('{"data":[,1]}')).toBeNull();
    expect(cutText('{"data":[{"a":1}')).toBeNull();
    expect(cutText('{"x":{"data":[1]},"data":[]}')).toEqual({ items: [], envelope: '{"x":{"data":[1]},"data":[]}' });
  });
});
