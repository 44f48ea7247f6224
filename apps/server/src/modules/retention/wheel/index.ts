import type { RetentionHandler } from '../events.ts';
import { wheelHandler } from './grants.ts';
import type { SpinDeps } from './spin.ts';

// Wheels of fortune (issue 13 §5, decision 0060): spins granted by rules (daily, per deposit), drawn
// provably fair, prizes through the wallet or loyalty.

export { pickSector, verifySpin } from './fairness.ts';
export { wheelRoutes } from './routes.ts';
export { seedWheels } from './seed.ts';
export type { SpinDeps } from './spin.ts';

export interface WheelFeature {
  handler: RetentionHandler;
  deps: SpinDeps;
}

export function createWheel(deps: SpinDeps): WheelFeature {
  return { handler: wheelHandler(), deps };
}
