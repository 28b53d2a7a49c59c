// The known values of an open response enum: `@x/types` writes one as `'a' | 'b' | (string & {})`,
// so that a value the service adds later still type-checks; the simulator only ever sets known ones.

/** `'a' | 'b' | (string & {})` → `'a' | 'b'`. */
export type KnownValues<T> = T extends unknown ? (string extends T ? never : T) : never;
