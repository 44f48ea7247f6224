// What other parts of the web app use of referrals; they import it from here only.
export { ReferralsPage } from './referrals-page.tsx';
