import { type ReactNode, useState } from 'react';
import { createToastQueue } from './toast-queue.ts';
import { ToastRegion } from './toast-region.tsx';
import { ToastContext } from './use-toasts.ts';

/** One alert queue per page tree, with its live region mounted once. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [queue] = useState(createToastQueue);
  return (
    <ToastContext.Provider value={queue}>
      {children}
      <ToastRegion queue={queue} />
    </ToastContext.Provider>
  );
}
