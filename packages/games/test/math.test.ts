import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { blackjackMath } from '../math/blackjack.ts';
import { diceMath } from '../math/dice.ts';
import { minesMath } from '../math/mines.ts';
import { plinkoMath } from '../math/plinko.ts';
import type { MathResult } from '../math/rational.ts';
import { rouletteMath } from '../math/roulette.ts';
import { slotMath } from '../math/slot.ts';
import { type GameName, THEORY } from '../math/theory.ts';

const SCRIPTS: Record<GameName, () => MathResult> = {
  slot: () => slotMath(),
  roulette: () => rouletteMath(),
  blackjack: () => blackjackMath(),
  dice: () => diceMath(),
  mines: () => minesMath(3, 5),
  plinko: () => plinkoMath(16),
};

const sheet = (game: GameName) => readFileSync(new URL(`../../../docs/games/${game}.md`, import.meta.url), 'utf8');

describe('math scripts agree with the constants the sheets quote', () => {
  it.each(Object.keys(SCRIPTS) as GameName[])('%s', (game) => {
    const r = SCRIPTS[game]();
    const t = THEORY[game];
    expect(r.rtp.toNumber()).toBeCloseTo(t.rtp, 9);
    expect(Math.sqrt(r.variance.toNumber())).toBeCloseTo(t.sd, 5);
    const text = sheet(game);
    expect(text).toContain(`${r.rtp.mul(100).toFixed(6)} %`);
    expect(text).toContain(Math.sqrt(r.variance.toNumber()).toFixed(6));
  }, 60_000);

  it('exact values that need no script', () => {
    expect(rouletteMath([{ kind: 'straight', numbers: [7], amount: 1n }]).rtp.toString()).toBe('36/37');
    expect(diceMath({ chanceBp: 100, direction: 'over' }).rtp.toString()).toBe('99/100');
    expect(minesMath(24, 1).rtp.toString()).toBe('99/100');
  });
});
