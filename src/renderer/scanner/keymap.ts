/**
 * What a scanner meant by a key, read from the physical key (KeyboardEvent.code) as on a US
 * layout. A USB scanner types scan codes for a US keyboard; with a Turkish Q or F layout the
 * operating system turns them into other characters (`-` becomes `*`, `i` becomes `ı` …), so
 * KeyboardEvent.key is wrong while KeyboardEvent.code is right.
 */
const US: Record<string, readonly [string, string]> = {
  Digit1: ['1', '!'],
  Digit2: ['2', '@'],
  Digit3: ['3', '#'],
  Digit4: ['4', '$'],
  Digit5: ['5', '%'],
  Digit6: ['6', '^'],
  Digit7: ['7', '&'],
  Digit8: ['8', '*'],
  Digit9: ['9', '('],
  Digit0: ['0', ')'],
  Minus: ['-', '_'],
  Equal: ['=', '+'],
  BracketLeft: ['[', '{'],
  BracketRight: [']', '}'],
  Backslash: ['\\', '|'],
  IntlBackslash: ['\\', '|'],
  Semicolon: [';', ':'],
  Quote: ["'", '"'],
  Backquote: ['`', '~'],
  Comma: [',', '<'],
  Period: ['.', '>'],
  Slash: ['/', '?'],
  Space: [' ', ' '],
  Numpad0: ['0', '0'],
  Numpad1: ['1', '1'],
  Numpad2: ['2', '2'],
  Numpad3: ['3', '3'],
  Numpad4: ['4', '4'],
  Numpad5: ['5', '5'],
  Numpad6: ['6', '6'],
  Numpad7: ['7', '7'],
  Numpad8: ['8', '8'],
  Numpad9: ['9', '9'],
  NumpadAdd: ['+', '+'],
  NumpadSubtract: ['-', '-'],
  NumpadMultiply: ['*', '*'],
  NumpadDivide: ['/', '/'],
  NumpadDecimal: ['.', '.'],
};

export interface KeyLike {
  code: string;
  key: string;
  shiftKey: boolean;
}

/** The character of a keydown, or null for keys that type nothing (Shift, arrows, Enter …). */
export function decodeKey(e: KeyLike, usePhysicalKeys: boolean): string | null {
  if (usePhysicalKeys && e.code) {
    const letter = /^Key([A-Z])$/.exec(e.code)?.[1];
    if (letter) {
      // Case follows the character the OS produced (Shift and Caps Lock both count) whatever the
      // layout turned the letter into (ı, İ, F-layout letters); Shift decides when it is not a letter.
      const k = e.key.length === 1 ? e.key : '';
      const upper = k && k !== k.toLocaleLowerCase('tr-TR') ? true : k && k !== k.toLocaleUpperCase('tr-TR') ? false : e.shiftKey;
      return upper ? letter : letter.toLowerCase();
    }
    const mapped = US[e.code];
    if (mapped) return e.shiftKey ? mapped[1] : mapped[0];
    // A key this map does not know (some scanners send Unidentified): trust the character.
  }
  return e.key.length === 1 ? e.key : null;
}
