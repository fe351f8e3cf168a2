/** Contract methods of the products feature (see ./app.ts for the pattern: 'feature.action': method(input, output)). */
export const productsMethods = {} as const;

/** Push events of the products feature. */
export const productsEvents = {} as const;
