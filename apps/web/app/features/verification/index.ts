// What the profile route uses of verification; it imports it from here only (decision 0100).
export { VerificationPage } from './verification-page.tsx';
