/**
 * What the withdrawals queue says of a withdrawal's approvals (backoffice-api.md §6, decision 0115): above
 * `fourEyesAbove` two different people approve, and the row says how far it got ("1 of 2 approvals").
 */
export interface ApprovalState {
  status: string;
  approvals: readonly string[];
  fourEyes: boolean;
  autoApproved: boolean;
}

export const approvalsNeeded = (w: Pick<ApprovalState, 'fourEyes'>): number => (w.fourEyes ? 2 : 1);

export function approvalsText(w: ApprovalState): string {
  if (w.autoApproved) return 'Automatic';
  const given = w.approvals.length;
  if (w.status === 'review') {
    const needed = approvalsNeeded(w);
    return `${given} of ${needed} approval${needed === 1 ? '' : 's'}`;
  }
  if (given === 0) return '—';
  return `${given} approval${given === 1 ? '' : 's'}`;
}

/**
 * Whether the signed-in staff member gave one of the approvals already: the row says so (another person must
 * give the second), and a second try is refused by the server (20004), which the dialog shows.
 */
export const approvedBy = (w: Pick<ApprovalState, 'approvals'>, staffId: string | undefined): boolean =>
  staffId !== undefined && w.approvals.includes(staffId);
