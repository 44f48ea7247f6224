import type { CampaignKind } from '@croupier/contracts';
import type { Db } from '../../db/client.ts';
import { bonusNames } from '../bonus/index.ts';
import { campaignNames, type RetentionCampaignKind } from '../retention/index.ts';

/** What a campaign is called when its source names none, or its record is gone. */
const KIND_LABEL: Record<CampaignKind, string> = {
  bonus: 'Bonus',
  free_spins: 'Free spins',
  cashback: 'Cashback',
  quest: 'Quest',
  wheel: 'Wheel of fortune',
  tournament: 'Tournament',
  referral: 'Referral programme',
};

const RETENTION: ReadonlySet<string> = new Set<RetentionCampaignKind>(['quest', 'tournament', 'wheel']);
/** Bonuses, free spins and cashback are bonus definitions (decision 0055). */
const BONUS: ReadonlySet<string> = new Set(['bonus', 'free_spins', 'cashback']);

export const kindLabel = (kind: string): string => KIND_LABEL[kind as CampaignKind] ?? kind;

/**
 * Each campaign's name through its owner's face: bonus definitions for bonuses, free spins and cashback; quests,
 * tournaments and wheels from retention. A campaign whose record is unknown is named by its kind.
 */
export async function namesOfCampaigns(
  db: Db,
  campaigns: readonly { kind: string; campaignId: string }[],
): Promise<(kind: string, campaignId: string) => string> {
  const idsOf = (kinds: ReadonlySet<string>) =>
    campaigns.filter((c) => c.campaignId && kinds.has(c.kind)).map((c) => c.campaignId);
  const bonus = await bonusNames(db, idsOf(BONUS));
  const retention = new Map<string, Map<string, string>>();
  for (const kind of RETENTION) {
    const ids = campaigns.filter((c) => c.kind === kind && c.campaignId).map((c) => c.campaignId);
    if (ids.length > 0) retention.set(kind, await campaignNames(db, kind as RetentionCampaignKind, ids));
  }
  return (kind, campaignId) =>
    (BONUS.has(kind) ? bonus.get(campaignId) : retention.get(kind)?.get(campaignId)) ?? kindLabel(kind);
}
