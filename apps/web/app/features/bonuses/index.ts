// What routes and other features use of bonuses; they import it from here only (issue 15, decision 0100).
export { BONUS_CLAIM_CONTENT, BonusClaim } from './bonus-claim.tsx';
export { BonusListener } from './bonus-listener.tsx';
export { type BonusChoice, depositBonusFields } from './bonus-rules.ts';
export { BonusesPage } from './bonuses-page.tsx';
export { DepositBonuses } from './deposit-bonuses.tsx';
export { WelcomePackage } from './welcome-package.tsx';
