import { type DashboardChanged, type DashboardTile, RealtimeEvent, StaffChannel } from '@croupier/contracts';
import type { Db } from '../../../db/client.ts';
import { enqueue } from '../../../outbox/index.ts';
import type { DepositSucceeded, WithdrawalQueueChanged } from '../../payment/index.ts';

/** The outbox event telling the back office's dashboards that `tile` moved (for `enqueueIn` on a lean path). */
export function dashboardChangedEvent(tile: DashboardTile): { channel: string; event: string; data: DashboardChanged } {
  return {
    channel: StaffChannel.dashboard,
    event: RealtimeEvent.dashboardChanged,
    data: { event: 'dashboard.changed', tile },
  };
}

/**
 * Pushes "this tile moved" on `staff:dashboard`, written in the transaction of the change: it reaches the back
 * office only if the change commits (decision 0110). The figures are not in it: a dashboard reads them again.
 */
export async function announceDashboardChange(tx: Db, tile: DashboardTile): Promise<void> {
  await enqueue(tx, dashboardChangedEvent(tile));
}

/** The payment module's deposit hook (app.ts `onDeposit`): inside the credit's transaction, deposits today moved. */
export const dashboardOnDeposit: DepositSucceeded = (tx) => announceDashboardChange(tx, 'depositsToday');

/** The payment module's review hook (app.ts `onWithdrawalQueue`): a withdrawal entered or left review (0112). */
export const dashboardOnWithdrawalQueue: WithdrawalQueueChanged = (tx) =>
  announceDashboardChange(tx, 'withdrawalsWaiting');
