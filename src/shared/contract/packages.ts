/** Contract methods of the packages feature (see ./app.ts for the pattern: 'feature.action': method(input, output)). */
export const packagesMethods = {} as const;

/** Push events of the packages feature. */
export const packagesEvents = {} as const;
