import { useSyncExternalStore } from 'react';
import { createStorageListeners } from '../../shared/live/storage-listeners.ts';
import { onSessionChange } from '../../shared/session/session-signal.ts';
import { STORAGE_KEYS, safeStorage } from '../../shared/session/storage.ts';

/**
 * The pending-invoice marker (spec §4): set while a deposit waits for the provider (PSP window, QR,
 * asynchronous redirect), cleared by the invoice's final status and on logout. `qr` is filled when
 * an `asyncRedirect` deposit's publication brings it (api-contract §14.2 list 1).
 */
export interface PendingInvoice {
  invoiceId: string;
  /** An asyncRedirect deposit: waiting for a status-1 publication with publicData.qr. */
  awaitsQr: boolean;
  qr: string | null;
}

const readers = createStorageListeners(STORAGE_KEYS.pendingInvoice);
let cached: { raw: string | null; value: PendingInvoice | null } = { raw: null, value: null };

function parse(raw: string | null): PendingInvoice | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<PendingInvoice>;
    if (typeof value.invoiceId !== 'string') return null;
    return { invoiceId: value.invoiceId, awaitsQr: value.awaitsQr === true, qr: value.qr ?? null };
  } catch {
    return null;
  }
}

export function readPendingInvoice(): PendingInvoice | null {
  const raw = safeStorage.get(STORAGE_KEYS.pendingInvoice);
  if (raw !== cached.raw) cached = { raw, value: parse(raw) };
  return cached.value;
}

function write(value: PendingInvoice | null): void {
  if (value) safeStorage.set(STORAGE_KEYS.pendingInvoice, JSON.stringify(value));
  else safeStorage.remove(STORAGE_KEYS.pendingInvoice);
  readers.notify();
}

/**
 * Invoices this tab replaced with a newer one (a crypto network change fails the earlier address with
 * `superseded`): their failure is not news to the player, so no alert.
 */
const superseded = new Set<string>();

export const wasSuperseded = (invoiceId: string) => superseded.has(invoiceId);

export function markPendingInvoice(invoiceId: string, awaitsQr = false): void {
  const previous = readPendingInvoice();
  if (previous && previous.invoiceId !== invoiceId) superseded.add(previous.invoiceId);
  write({ invoiceId, awaitsQr, qr: null });
}

/** The QR of the awaited asyncRedirect invoice arrived. Ignored for any other invoice. */
export function receivePendingQr(invoiceId: string, qr: string): boolean {
  const current = readPendingInvoice();
  if (!current || current.invoiceId !== invoiceId || !current.awaitsQr) return false;
  write({ ...current, qr });
  return true;
}

/** Clears the marker: for one invoice (its final status), or whatever is there (logout, abandon). */
export function clearPendingInvoice(invoiceId?: string): void {
  const current = readPendingInvoice();
  if (!current || (invoiceId && current.invoiceId !== invoiceId)) return;
  write(null);
}

export function usePendingInvoice(): PendingInvoice | null {
  return useSyncExternalStore(readers.subscribe, readPendingInvoice, () => null);
}

// Spec §4: the marker goes with the session; clearing it here also tells open wallet views.
onSessionChange((change) => {
  if (change === 'ended') clearPendingInvoice();
});
