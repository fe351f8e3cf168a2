/** Contract methods of the notifications feature (see ./app.ts for the pattern: 'feature.action': method(input, output)). */
export const notificationsMethods = {} as const;

/** Push events of the notifications feature. */
export const notificationsEvents = {} as const;
