import type { Adjustment } from '@croupier/contracts';
import type { Db } from '../../../db/client.ts';

/** A change to the set of adjustments waiting for a second person: a pending one appeared, or was decided. */
export interface AdjustmentChange {
  adjustment: Adjustment;
  /** null: it was just requested (and waits); 'pending': it was just approved or rejected. */
  from: Adjustment['status'] | null;
}

/**
 * Called inside the change's transaction, after its audit row: the staff dashboard's live tile ("adjustments
 * waiting") writes its outbox event here (routes.ts wires `announceDashboardChange`), so the event exists
 * exactly when the change commits. A throw rolls the whole change back.
 */
export type OnAdjustmentsChanged = (tx: Db, change: AdjustmentChange) => Promise<void>;

export interface AdjustmentHooks {
  onAdjustmentsChanged?: OnAdjustmentsChanged;
}
