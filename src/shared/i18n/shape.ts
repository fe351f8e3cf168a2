/** The Turkish catalog must have exactly the keys of the English one (values may differ). */
export type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };
