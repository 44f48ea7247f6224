/**
 * React's module names mapped to Preact 11's compat layer, for Vite's `resolve.alias` (decision 0132; the
 * player site's trial on it, decision 0133).
 * The source keeps React's API and types; the bundles run on Preact. Exact matches only, so `react-router`
 * and `react-dom/client`'s neighbours are not caught by a prefix.
 */
const TARGETS: Record<string, string> = {
  'react-dom/client': 'preact/compat/client',
  'react-dom/server': 'preact/compat/server',
  'react-dom': 'preact/compat',
  'react/jsx-runtime': 'preact/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/jsx-dev-runtime',
  react: 'preact/compat',
};

export const preactAliases = Object.entries(TARGETS).map(([find, replacement]) => ({
  find: new RegExp(`^${find}$`),
  replacement,
}));
