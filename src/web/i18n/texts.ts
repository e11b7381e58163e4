/** The shape of a translation: the same keys as the English texts, every leaf a string. */
export type Texts<T> = { readonly [K in keyof T]: T[K] extends string ? string : Texts<T[K]> }
