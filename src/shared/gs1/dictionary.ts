/**
 * GS1 Application Identifiers this app understands, written as in the GS1 Barcode Syntax
 * Dictionary (gs1-syntax-dictionary.txt): `AI  components  [req=…] [ex=…]`.
 *
 * Components: `N` digits, `X` GS1 AI encodable character set 82, `Y` set 39 (digits, upper-case
 * letters, # - /); `N6` fixed, `X..20` up to 20. Linters after a comma: `csum` (GS1 mod-10 check
 * digit), `yymmdd` / `yymmd0` (a date, day 00 = end of month). `req=01,02` needs one of them in the
 * same code; `ex=37` must not be with it. A range `3100-3105` lists every AI in it.
 *
 * The subset covers what reaches a warehouse desk (identification, dates, lots, quantities,
 * measures, logistics, returnable assets, company-internal AIs); an AI outside it is refused as
 * unknown, never guessed.
 */
const SOURCE = `
00 N18,csum
01 N14,csum ex=02,255,37
02 N14,csum req=37 ex=01,03
03 N14,csum
10 X..20 req=01,02,8006,8026
11 N6,yymmdd req=01,02,8006,8026
12 N6,yymmd0 req=8020
13 N6,yymmd0 req=01,02,8006,8026
15 N6,yymmd0 req=01,02,8006,8026
16 N6,yymmd0 req=01,02,8006,8026
17 N6,yymmd0 req=01,02,8006,8026
20 N2 req=01,02,8006,8026
21 X..20 req=01,8006 ex=235
22 X..20 req=01
235 X..28 req=01 ex=21
240 X..30 req=01,02,8006,8026
241 X..30 req=01,02,8006,8026
242 N..6 req=01,8006
243 X..20 req=01
250 X..30 req=01,8006 req=21
251 X..30 req=01,8006
253 N13,csum X..17
254 X..20 req=414
255 N13,csum N..12 ex=01,02
30 N..8 req=01,02
3100-3105 N6 req=01,02
3110-3115 N6 req=01,02
3120-3125 N6 req=01,02
3130-3135 N6 req=01,02
3140-3145 N6 req=01,02
3150-3155 N6 req=01,02
3160-3165 N6 req=01,02
3200-3205 N6 req=01,02
3300-3305 N6 req=00,01
3400-3405 N6 req=00,01
3500-3505 N6 req=01,02
3560-3565 N6 req=01,02
3600-3605 N6 req=01,02
37 N..8 req=02,8026
3900-3909 N..15 req=255,8020
3910-3919 N3 N..15 req=8020
3920-3929 N..15 req=01
3930-3939 N3 N..15 req=01
3940-3943 N4 req=255
400 X..30
401 X..30
402 N17,csum
403 X..30 req=00
410 N13,csum
411 N13,csum
412 N13,csum
413 N13,csum
414 N13,csum
415 N13,csum req=8020
416 N13,csum
417 N13,csum
420 X..20 ex=421
421 N3 X..9 ex=420
422 N3 req=01,02,8006,8026
423 N..15 req=01,02,8006,8026
424 N3 req=01,02,8006,8026
425 N..15 req=01,02,8006,8026
426 N3 req=01,02
427 X..3 req=422
7001 N13 req=01,02
7002 X..30 req=01,02
7003 N10 req=01,02
7004 N..4 req=01,02
7005 X..12 req=01,02
7006 N6,yymmdd req=01,02
7007 N6 N..6 req=01,02
7008 X..3 req=01,02
7009 X..10 req=01,02
7010 X..2 req=01,02
7020 X..20 req=01,8006
7021 X..20 req=7020
7022 X..20 req=7021
7023 X..30 req=8004
7030-7039 N3 X..27 req=01,02
710 X..20 req=01,02
711 X..20 req=01,02
712 X..20 req=01,02
713 X..20 req=01,02
714 X..20 req=01,02
715 X..20 req=01,02
8001 N14 req=01
8002 X..20
8003 N14,csum X..16
8004 X..30
8005 N6 req=01,02
8006 N14,csum N4 ex=01,02,37
8007 X..34
8008 N8 N..4 req=01,02
8010 Y..30
8011 N..12 req=8010
8012 X..20 req=01,8006
8013 X..25
8017 N18,csum
8018 N18,csum
8019 N..10 req=8017,8018
8020 X..25 req=415
8026 N14,csum N4 ex=01,02,37
8200 X..70 req=01
90 X..30
91 X..90
92 X..90
93 X..90
94 X..90
95 X..90
96 X..90
97 X..90
98 X..90
99 X..90
`;

export interface Component {
  cset: 'N' | 'X' | 'Y';
  min: number;
  max: number;
  check: 'csum' | 'yymmdd' | 'yymmd0' | null;
}

export interface AiSpec {
  ai: string;
  components: Component[];
  /** Each inner list: at least one of these AIs must be in the same code. */
  req: string[][];
  /** None of these may be in the same code. */
  ex: string[];
}

function parseComponent(text: string): Component {
  const m = /^([NXY])(\.\.)?(\d+)(?:,(csum|yymmdd|yymmd0))?$/.exec(text);
  if (!m) throw new Error(`bad dictionary component ${text}`);
  const len = Number(m[3]);
  return { cset: m[1] as Component['cset'], min: m[2] ? 1 : len, max: len, check: (m[4] as Component['check']) ?? null };
}

function build(): Map<string, AiSpec> {
  const map = new Map<string, AiSpec>();
  for (const line of SOURCE.trim().split('\n')) {
    const [range, ...rest] = line.trim().split(/\s+/);
    const components = rest.filter((p) => !p.includes('=')).map(parseComponent);
    const req = rest.filter((p) => p.startsWith('req=')).map((p) => p.slice(4).split(','));
    const ex = rest.filter((p) => p.startsWith('ex=')).flatMap((p) => p.slice(3).split(','));
    const [from, to] = range!.split('-');
    const last = to ? Number(to) : Number(from);
    for (let n = Number(from); n <= last; n++) {
      const ai = String(n).padStart(from!.length, '0');
      map.set(ai, { ai, components, req, ex });
    }
  }
  return map;
}

let table: ReadonlyMap<string, AiSpec> | undefined;
/** Every AI of the dictionary, parsed on first use (not at import: a `wd` start needs none of it). */
export const ais = (): ReadonlyMap<string, AiSpec> => (table ??= build());

/**
 * AIs whose first two digits say the element has a predefined length: no FNC1 separator follows
 * them (GS1 General Specifications, figure 5.10.1-2). Every other element ends with a separator
 * unless it is the last one.
 */
export const PREDEFINED_LENGTH_PREFIXES: ReadonlySet<string> = new Set([
  '00',
  '01',
  '02',
  '03',
  '04',
  '11',
  '12',
  '13',
  '14',
  '15',
  '16',
  '17',
  '18',
  '19',
  '20',
  '31',
  '32',
  '33',
  '34',
  '35',
  '36',
  '41',
]);

/** Finds the AI at the start of `data` (2, 3 or 4 digits; the dictionary has no prefix clashes). */
export function aiAt(data: string): AiSpec | null {
  for (const n of [2, 3, 4]) {
    const spec = ais().get(data.slice(0, n));
    if (spec) return spec;
  }
  return null;
}

export const specLength = (spec: AiSpec) => spec.components.reduce((n, c) => n + c.max, 0);
export const isFixed = (spec: AiSpec) => spec.components.every((c) => c.min === c.max);
