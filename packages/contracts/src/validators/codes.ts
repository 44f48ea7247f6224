/** ISO-3166 alpha-2 as the contract carries it: uppercase (api-contract §1.5). */
export const isCountryCode = (value: string): boolean => /^[A-Z]{2}$/.test(value);

export const isLanguageCode = (value: string): boolean => /^[a-z]{2}$/.test(value);

// ASCII only: slugs end up in URLs and storage keys.
export const isSlug = (value: string): boolean => /^[A-Za-z0-9_-]+$/.test(value);

export const isTagManagerId = (value: string): boolean => /^GTM-[A-Z0-9]+$/.test(value);

// Strings without letters ("123") pass both, as "equals its lowercase form" implies.
export const isLowercase = (value: string): boolean => value === value.toLowerCase();

export const isUppercase = (value: string): boolean => value === value.toUpperCase();
