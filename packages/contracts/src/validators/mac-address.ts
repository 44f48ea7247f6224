// The three forms PHP's FILTER_VALIDATE_MAC takes; the separator must not change mid-address.
const SEPARATED = /^[0-9A-Fa-f]{2}([:-])(?:[0-9A-Fa-f]{2}\1){4}[0-9A-Fa-f]{2}$/;
const DOTTED = /^[0-9A-Fa-f]{4}\.[0-9A-Fa-f]{4}\.[0-9A-Fa-f]{4}$/;

export const isMacAddress = (value: string): boolean => SEPARATED.test(value) || DOTTED.test(value);
