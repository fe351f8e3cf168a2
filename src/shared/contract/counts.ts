/** Contract methods of the counts feature (see ./app.ts for the pattern: 'feature.action': method(input, output)). */
export const countsMethods = {} as const;

/** Push events of the counts feature. */
export const countsEvents = {} as const;
