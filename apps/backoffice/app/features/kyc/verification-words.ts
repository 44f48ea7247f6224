import type { KycVerification } from '@croupier/contracts';
import type { StatusTable } from '../../lib/statuses.ts';

/**
 * The identity verifications queue in words (decision 0113's `GET /kyc/verifications`): its filter, who decided,
 * and which decisions a row offers. A person may approve a verification that is not approved and reject one that
 * is not rejected (the server answers 20005 for the same status again); while a provider's result is held, one of
 * the two confirms it and the other overrules it.
 */

/** The filter's values in the queue's order: `review` (a provider's result held for a person) first. */
export const VERIFICATION_FILTERS = ['review', 'pending', 'init', 'approved', 'rejected'] as const;
export type VerificationFilter = (typeof VERIFICATION_FILTERS)[number];

export const VERIFICATION_FILTER_LABELS: Record<VerificationFilter, string> = {
  review: 'Awaiting confirmation',
  pending: 'Pending',
  init: 'Not started',
  approved: 'Verified',
  rejected: 'Rejected',
};

/** A provider's held decision, as its badge says it. */
export const PROVIDER_RESULTS: StatusTable = {
  approved: { label: 'Provider approved', tone: 'ok' },
  rejected: { label: 'Provider rejected', tone: 'danger' },
};

const PROVIDERS: Record<string, string> = { sandbox: 'Sandbox', sumsub: 'Sumsub', staff: 'Staff (documents)' };

/** Who verifies: the sandbox, Sumsub, or staff deciding from the documents; another name as it came. */
export const providerName = (provider: string): string => PROVIDERS[provider] ?? provider;

export type VerificationVerb = 'approve' | 'reject';

export interface VerificationAction {
  verb: VerificationVerb;
  label: string;
  /** While a provider's result is held: true when this decision confirms it, false when it overrules it. */
  confirms: boolean | null;
}

type Decidable = Pick<KycVerification, 'status' | 'awaitingConfirmation' | 'providerResult'>;

/** The decisions a row offers, the one that confirms a held result first. */
export function verificationActions(v: Decidable): VerificationAction[] {
  const held = v.awaitingConfirmation && v.providerResult ? v.providerResult.status : null;
  const actions: VerificationAction[] = [];
  for (const verb of ['approve', 'reject'] as const) {
    if (v.status === (verb === 'approve' ? 'approved' : 'rejected')) continue;
    const target = verb === 'approve' ? 'approved' : 'rejected';
    const confirms = held === null ? null : held === target;
    const word = verb === 'approve' ? 'Approve' : 'Reject';
    actions.push({ verb, label: confirms === true ? `Confirm: ${word.toLowerCase()}` : word, confirms });
  }
  return actions.sort((a, b) => Number(b.confirms === true) - Number(a.confirms === true));
}

/** What a decision will do, said in its dialog before anyone confirms. */
export function decisionText(v: Decidable & Pick<KycVerification, 'provider'>, verb: VerificationVerb): string {
  const outcome =
    verb === 'approve'
      ? "The player's identity becomes verified and they get a message saying so."
      : 'The player reads your message as the reason their identity was not verified.';
  const held = v.awaitingConfirmation && v.providerResult;
  if (!held) return outcome;
  const said = `${providerName(v.provider)} decided: ${v.providerResult!.status}.`;
  const target = verb === 'approve' ? 'approved' : 'rejected';
  return `${said} ${v.providerResult!.status === target ? 'This confirms it.' : 'This overrules it.'} ${outcome}`;
}

/** Who decided a verification: a staff member (their id), the provider (its name), or nobody yet. */
export function decidedBy(
  v: Pick<KycVerification, 'provider' | 'reviewedBy' | 'reviewedAt'>,
): { staffId: string } | { provider: string } | null {
  if (v.reviewedBy) return { staffId: v.reviewedBy };
  // Decided with no staff member: the provider's own decision (the sandbox's, Sumsub's).
  return v.reviewedAt ? { provider: providerName(v.provider) } : null;
}
