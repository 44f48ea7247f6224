// What routes and other features use of limits; they import it from here only (issue 15, decision 0100).
export { LimitsPage } from './limits-page.tsx';
export { reloadLimits } from './limits-store.ts';
export { RealityCheck } from './reality-check.tsx';
