import { RuleTester } from 'eslint';
import { builtinRules } from 'eslint/use-at-your-own-risk';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import { clockRule } from '../../eslint/clock.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 'latest', sourceType: 'module' } });
const options = clockRule.slice(1);

describe('the core reads one clock (no-restricted-syntax with eslint/clock.js)', () => {
  tester.run('no-restricted-syntax', builtinRules.get('no-restricted-syntax')!, {
    valid: [
      { code: 'const at = ctx.clock.iso(); const ms = ws.clock.now();', options },
      { code: "const d = new Date(now).toISOString(); const t = Date.parse('2026-12-01');", options },
      { code: 'const later = new Date(row.sent_at);', options },
    ],
    invalid: [
      { code: 'const now = Date.now();', options, errors: 1 },
      { code: 'const iso = new Date().toISOString();', options, errors: 1 },
      { code: 'const d = new Date;', options, errors: 1 },
      // Passing the wall clock on is reading it too.
      { code: 'this.now = deps.now ?? Date.now;', options, errors: 1 },
      { code: 'setTimeout(() => f(Date.now()), 10); const x = new Date();', options, errors: 2 },
    ],
  });
});
