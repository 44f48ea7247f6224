import { DICE_DEFAULT, type DiceChoice } from '../src/dice/index.ts';
import { type MathResult, Q, summary } from './rational.ts';

/** Dice: P(win) = chance / 10 000 exactly (10 000 equally likely rolls), multiplier (1 − edge) / chance. */
export function diceMath(
  choice: DiceChoice = { chanceBp: 4_950, direction: 'under' },
  edgeBp = DICE_DEFAULT.edgeBp,
): MathResult {
  const p = new Q(choice.chanceBp, 10_000);
  const m = new Q(10_000 - edgeBp, choice.chanceBp);
  const rtp = p.mul(m);
  return {
    game: `dice (chance ${choice.chanceBp / 100} %, ${choice.direction})`,
    rtp,
    variance: p.mul(m).mul(m).sub(rtp.mul(rtp)),
    extra: { 'RTP for every chance and side': new Q(10_000 - edgeBp, 10_000).toFixed(10) },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const chanceBp of [100, 4_950, 9_500]) console.log(summary(diceMath({ chanceBp, direction: 'under' })));
}
