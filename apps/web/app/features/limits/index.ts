// What other features use of limits; they import it from here only (issue 15: one-way imports).
export { reloadLimits } from './limits-store.ts';
export { RealityCheck } from './reality-check.tsx';
