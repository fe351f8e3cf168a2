import type { Page } from '@playwright/test';

/** One keydown as a keyboard-wedge scanner produces it. */
export interface Key {
  key: string;
  code: string;
  shiftKey: boolean;
  ctrlKey?: boolean;
}

const GS = '\u001d';
const US_SHIFTED: Record<string, string> = {
  Digit1: '!',
  Digit2: '@',
  Digit3: '#',
  Digit4: '$',
  Digit5: '%',
  Digit6: '^',
  Digit7: '&',
  Digit8: '*',
  Digit9: '(',
  Digit0: ')',
  Minus: '_',
  Equal: '+',
  BracketLeft: '{',
  BracketRight: '}',
  Semicolon: ':',
  Quote: '"',
  Comma: '<',
  Period: '>',
  Slash: '?',
  Backquote: '~',
  Backslash: '|',
};
const US_PLAIN: Record<string, string> = {
  Minus: '-',
  Equal: '=',
  BracketLeft: '[',
  BracketRight: ']',
  Semicolon: ';',
  Quote: "'",
  Comma: ',',
  Period: '.',
  Slash: '/',
  Backquote: '`',
  Backslash: '\\',
  Space: ' ',
};

/** The physical key (US layout) and Shift a scanner presses for a character. */
export function usKey(ch: string): { code: string; shift: boolean } {
  if (/[a-z]/.test(ch)) return { code: `Key${ch.toUpperCase()}`, shift: false };
  if (/[A-Z]/.test(ch)) return { code: `Key${ch}`, shift: true };
  if (/[0-9]/.test(ch)) return { code: `Digit${ch}`, shift: false };
  for (const [code, c] of Object.entries(US_PLAIN)) if (c === ch) return { code, shift: false };
  for (const [code, c] of Object.entries(US_SHIFTED)) if (c === ch) return { code, shift: true };
  throw new Error(`no US key for ${JSON.stringify(ch)}`);
}

/** What Windows' Turkish Q layout makes of a physical key (plain, shifted). */
const TURKISH_Q: Record<string, [string, string]> = {
  KeyI: ['ı', 'I'],
  Quote: ['i', 'İ'],
  Minus: ['*', '?'],
  Equal: ['-', '_'],
  BracketLeft: ['ğ', 'Ğ'],
  BracketRight: ['ü', 'Ü'],
  Semicolon: ['ş', 'Ş'],
  Comma: ['ö', 'Ö'],
  Period: ['ç', 'Ç'],
  Slash: ['.', ':'],
  Backquote: ['"', 'é'],
  Backslash: [',', ';'],
  Digit1: ['1', '!'],
  Digit2: ['2', "'"],
  Digit3: ['3', '^'],
  Digit4: ['4', '+'],
  Digit5: ['5', '%'],
  Digit6: ['6', '&'],
  Digit7: ['7', '/'],
  Digit8: ['8', '('],
  Digit9: ['9', ')'],
  Digit0: ['0', '='],
};

export type Layout = 'us' | 'turkish-q';

/**
 * The keydowns of a scanner typing `text` (then `end`) into a computer with the given layout: the
 * scanner presses US key positions; the layout decides `key`. GS goes as Ctrl+] unless a
 * substitute is given.
 */
export function burstKeys(text: string, layout: Layout, end: 'Enter' | 'Tab' | 'none' = 'Enter', gs: 'ctrl' | 'char' = 'ctrl'): Key[] {
  const keys: Key[] = [];
  for (const ch of text) {
    if (ch === GS && gs === 'char') {
      // Scanners that type the character itself.
      keys.push({ key: GS, code: '', shiftKey: false });
      continue;
    }
    if (ch === GS) {
      // Ctrl+] as a keyboard types it: Control goes down first (a keydown of its own), then ].
      keys.push({ key: 'Control', code: 'ControlLeft', shiftKey: false, ctrlKey: true });
      keys.push({ key: layout === 'us' ? ']' : 'ü', code: 'BracketRight', shiftKey: false, ctrlKey: true });
      continue;
    }
    const { code, shift } = usKey(ch);
    const tr = TURKISH_Q[code];
    const key = layout === 'turkish-q' && tr ? tr[shift ? 1 : 0] : ch;
    keys.push({ key, code, shiftKey: shift });
  }
  if (end !== 'none') keys.push({ key: end, code: end, shiftKey: false });
  return keys;
}

/**
 * Dispatches the keys inside the page in one go: paced from the test process the gaps stretch
 * unpredictably on a loaded machine; a real scanner's are even. All events are made before the
 * first is dispatched: a made event's timeStamp is when it was made (the detector reads it), as a
 * real key's is when the OS delivered it, so the page's own work on one key (or the machine
 * pausing the page meanwhile) never shows as a gap between keys. Made one by one between
 * dispatches, a pause of over 120 ms once cut the first character off a scan in CI.
 */
export async function sendKeys(page: Page, keys: Key[], at: 'focus' | 'window' = 'focus'): Promise<void> {
  await page.evaluate(`((keys, at) => {
    const target = at === 'window' ? window : document.activeElement || document.body;
    const events = keys.map((k) => new KeyboardEvent('keydown', { key: k.key, code: k.code, shiftKey: k.shiftKey, ctrlKey: !!k.ctrlKey, bubbles: true, cancelable: true }));
    for (const e of events) target.dispatchEvent(e);
  })(${JSON.stringify(keys)}, ${JSON.stringify(at)})`);
}

export const scanText = (page: Page, text: string, layout: Layout = 'us', end: 'Enter' | 'Tab' | 'none' = 'Enter') =>
  sendKeys(page, burstKeys(text, layout, end));

/** A scan (US layout, then Enter) sent to the window itself, whatever has focus. */
export const scanAtWindow = (page: Page, code: string) => sendKeys(page, burstKeys(code, 'us'), 'window');

/**
 * A scan typed through the browser's own input (Chromium's DevTools protocol), so the page's
 * default actions happen as with a real device: a letter picks an option of a focused list box.
 * Made events (sendKeys) do not do that. Every key is sent at once, not one after the other's
 * answer, each stamped with a scanner's time, so the gaps stay a scanner's even on a loaded machine.
 * US layout, then Enter.
 */
/** The time stamp (s) of the last key scanAsDevice sent. */
let lastDeviceStamp = 0;

export async function scanAsDevice(page: Page, code: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  // Each key carries a scanner's time stamp, 5 ms after the one before: what the page's scan
  // detector reads. Without it the stamps are the moments Chromium took the keys in, and a loaded
  // machine spread a short scan out into typing.
  // After the last scan's last stamp (those run ahead of the clock by 5 ms a key): a scan sent right
  // after another one had stamps among the other one's, as no scanner sends them.
  const start = Math.max(Date.now() / 1000, lastDeviceStamp + 0.05);
  const keys = burstKeys(code, 'us');
  lastDeviceStamp = start + keys.length * 0.005;
  const events = keys.flatMap((k, i) => {
    const vk = k.key === 'Enter' ? 13 : k.key === '-' ? 189 : k.key.toUpperCase().charCodeAt(0);
    const text = k.key === 'Enter' ? '\r' : k.key;
    const common = { key: k.key, code: k.code, windowsVirtualKeyCode: vk, modifiers: k.shiftKey ? 8 : 0, timestamp: start + i * 0.005 };
    return [
      { type: 'keyDown', text, unmodifiedText: text, ...common },
      { type: 'keyUp', ...common },
    ];
  });
  await Promise.all(events.map((e) => cdp.send('Input.dispatchKeyEvent', e as never)));
  await cdp.detach();
}

/**
 * A key a person presses a moment (`afterMs`) after the keys before it, through the browser's own
 * input so its default action happens (Tab moves the focus). The moment is the event's own time
 * stamp, which is what a scan detector reads; no test waits for it to pass.
 */
export async function pressAfterPause(
  page: Page,
  key: 'Tab' | 'Escape' | 'Enter',
  options: { shift?: boolean; afterMs?: number } = {},
): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const vk = { Tab: 9, Escape: 27, Enter: 13 }[key];
  const timestamp = Date.now() / 1000 + (options.afterMs ?? 1000) / 1000;
  const common = { key, code: key, windowsVirtualKeyCode: vk, modifiers: options.shift ? 8 : 0, timestamp };
  await cdp.send('Input.dispatchKeyEvent', { type: 'rawKeyDown', ...common, ...(key === 'Enter' ? { text: '\r' } : {}) } as never);
  await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...common } as never);
  await cdp.detach();
}

/**
 * A scanner's burst through the browser's own input (DevTools protocol), `msPerChar` apart by the
 * keys' own time stamps (what the detector reads), GS sent as Ctrl+] (Control down, ], Control up)
 * or as the character itself. US layout, then Enter.
 */
export async function scanAsDevicePaced(page: Page, text: string, msPerChar: number, gs: 'ctrl' | 'char' = 'ctrl'): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const keys = burstKeys(text, 'us', 'Enter', gs);
  const start = Math.max(Date.now() / 1000, lastDeviceStamp + 0.05);
  lastDeviceStamp = start + (keys.length * msPerChar) / 1000;
  const vkOf = (k: Key) =>
    k.key === 'Enter'
      ? 13
      : k.key === 'Control'
        ? 17
        : k.code === 'BracketRight'
          ? 221
          : k.key === '-'
            ? 189
            : k.key.toUpperCase().charCodeAt(0);
  let at = start;
  const events = keys.flatMap((k) => {
    // The Control of Ctrl+] goes down with the ] (no time of its own between them).
    if (k.key !== 'Control') at += msPerChar / 1000;
    const modifiers = (k.shiftKey ? 8 : 0) | (k.ctrlKey ? 2 : 0);
    const common = { key: k.key, code: k.code, windowsVirtualKeyCode: vkOf(k), modifiers, timestamp: at };
    if (k.key === 'Control') return [{ type: 'rawKeyDown', ...common }];
    if (k.ctrlKey)
      return [
        { type: 'rawKeyDown', ...common },
        { type: 'keyUp', ...common },
        { type: 'keyUp', key: 'Control', code: 'ControlLeft', windowsVirtualKeyCode: 17, modifiers: 0, timestamp: at },
      ];
    const typed = k.key === 'Enter' ? '\r' : k.key;
    return [
      { type: 'keyDown', text: typed, unmodifiedText: typed, ...common },
      { type: 'keyUp', ...common },
    ];
  });
  await Promise.all(events.map((e) => cdp.send('Input.dispatchKeyEvent', e as never)));
  await cdp.detach();
}

/** One key pressed at `down` and released at `up`, ms after a start. */
export interface TimedKey {
  ch: string;
  down: number;
  up: number;
}

/** A scanner's keys for `code` (then Enter) from `from` ms, `msPerChar` apart, each held `holdMs`. */
export const scannerKeys = (code: string, from: number, msPerChar: number, holdMs = 2): TimedKey[] =>
  [...code, 'Enter'].map((ch, i) => ({ ch, down: from + i * msPerChar, up: from + i * msPerChar + holdMs }));

/** A moment for `pressTimed` after every key sent so far (scanAsDevice's stamps included), ms. */
export const nextStart = (): number => Math.max(Date.now(), lastDeviceStamp * 1000 + 50);

/**
 * Keys through the browser's own input (DevTools protocol), each keydown and keyup stamped with its
 * own moment (`start` + ms, what the page's scan detector reads, however late the page gets to
 * them): a person's key held for a while, a scanner's released at once. Sent in the order of
 * their moments, all at once. US layout; digits, letters and Enter.
 */
export async function pressTimed(page: Page, keys: TimedKey[], start: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const events = keys
    .flatMap((k) => {
      const { code, shift } = k.ch === 'Enter' ? { code: 'Enter', shift: false } : usKey(k.ch);
      const vk = k.ch === 'Enter' ? 13 : k.ch.toUpperCase().charCodeAt(0);
      const text = k.ch === 'Enter' ? '\r' : k.ch;
      const common = { key: k.ch, code, windowsVirtualKeyCode: vk, modifiers: shift ? 8 : 0 };
      return [
        { at: k.down, event: { type: 'keyDown', text, unmodifiedText: text, ...common, timestamp: (start + k.down) / 1000 } },
        { at: k.up, event: { type: 'keyUp', ...common, timestamp: (start + k.up) / 1000 } },
      ];
    })
    .sort((a, b) => a.at - b.at);
  lastDeviceStamp = Math.max(lastDeviceStamp, (start + (events.at(-1)?.at ?? 0)) / 1000);
  await Promise.all(events.map((e) => cdp.send('Input.dispatchKeyEvent', e.event as never)));
  await cdp.detach();
}
