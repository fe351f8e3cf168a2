/** Contract methods of the returns feature (see ./app.ts for the pattern: 'feature.action': method(input, output)). */
export const returnsMethods = {} as const;

/** Push events of the returns feature. */
export const returnsEvents = {} as const;
