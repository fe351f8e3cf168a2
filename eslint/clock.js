/**
 * One clock in the core: `Date.now` and an argument-less `new Date()` read the wall clock, which a
 * test cannot move. The core reads `ctx.clock` / `ws.clock` (src/main/core/clock.ts) instead; the
 * clock itself and the log's timestamps are the only readers of the wall clock there.
 * Used as `no-restricted-syntax` options (eslint.config.js); test/lint/clock.test.ts runs them.
 */
export const clockRule = [
  'error',
  {
    selector: "MemberExpression[object.name='Date'][property.name='now']",
    message: 'The core reads the time from its clock (ctx.clock / ws.clock, src/main/core/clock.ts), never Date.now.',
  },
  {
    selector: "NewExpression[callee.name='Date'][arguments.length=0]",
    message: 'The core reads the time from its clock (ctx.clock.iso() / ws.clock.iso()), never new Date() without a time.',
  },
];

/** Files of the core that may read the wall clock: the clock, and the log's timestamps. */
export const clockReaders = ['src/main/core/clock.ts', 'src/main/core/log.ts'];
