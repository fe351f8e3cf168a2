/** Options of `no-restricted-syntax` that keep the wall clock out of the core (eslint/clock.js). */
export declare const clockRule: ['error', ...{ selector: string; message: string }[]];
export declare const clockReaders: string[];
