import { SeamlessError } from './errors.ts';
import type { Action, MovementContext, OkAnswer } from './movement-types.ts';

export interface BatchAnswer {
  status: 'OK';
  balance: string;
  currency: string;
  results: OkAnswer[];
}

/** Several actions under one lock and one transaction: all or none; a refusal names its action. */
export async function batch(
  ctx: MovementContext,
  actions: readonly Action[],
  one: (ctx: MovementContext, action: Action) => Promise<OkAnswer>,
): Promise<BatchAnswer> {
  const results: OkAnswer[] = [];
  for (const [index, action] of actions.entries()) {
    try {
      results.push(await one(ctx, action));
    } catch (error) {
      if (error instanceof SeamlessError) Object.assign(error, { actionIndex: index });
      throw error;
    }
  }
  const last = results.at(-1);
  if (!last) throw new SeamlessError('INVALID_REQUEST', 'A batch needs at least one action');
  return { status: 'OK', balance: last.balance, currency: last.currency, results };
}
