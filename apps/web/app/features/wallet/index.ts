// What routes and other features use of the wallet; they import it from here only (issue 15, decision 0100).
export { serverMessageOf } from './action-error.ts';
export { HeaderBalance } from './header-balance.tsx';
export { WalletLiveUpdates } from './live-updates.tsx';
export { countryParam, usePaymentRegion } from './region.ts';
export { activeAccount, replaceAccount, useWallet, WalletProvider, type WalletValue } from './wallet-context.tsx';
export { WalletPage } from './wallet-page.tsx';
