/** The lists the product service documents (pim_Entity_List): where texts, prices, assets, attributes and products go. */
export const LISTS = { content: 4, price: 7, asset: 8, attribute: 49, product: 10 } as const;

/** The cultures of a product's texts: std is what every record has; tr before en because the staff read Turkish first. */
export const CULTURES = ['std', 'tr', 'en'] as const;
export type Culture = (typeof CULTURES)[number];
