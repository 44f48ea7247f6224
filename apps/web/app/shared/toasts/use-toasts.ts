import { createContext, useContext } from 'react';
import type { ToastInput, ToastQueue } from './toast-queue.ts';

export const ToastContext = createContext<ToastQueue | null>(null);

export interface Toasts {
  show(toast: ToastInput): void;
}

const silent: Toasts = { show: () => {} };

/**
 * The alert queue of the web team contract: alerts spaced ≥ 400 ms, 3000 ms by default (spec §9).
 * Outside the toast provider (the geo-restricted layout) alerts are dropped.
 */
export function useToasts(): Toasts {
  const queue = useContext(ToastContext);
  return queue ?? silent;
}
