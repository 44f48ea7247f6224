import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from 'react';

/**
 * A tiny toast stack: successes in a polite live region, failures in an assertive one, each dismissed by its
 * button or after a while (longer for failures, which may need reading twice).
 */

type Kind = 'success' | 'error';
interface Toast {
  id: number;
  kind: Kind;
  text: string;
}
interface Toasts {
  success: (text: string) => void;
  error: (text: string) => void;
}

const ToastContext = createContext<Toasts>({ success: () => {}, error: () => {} });

export const useToast = () => useContext(ToastContext);

const LIFETIME: Record<Kind, number> = { success: 6_000, error: 12_000 };

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const next = useRef(1);
  const dismiss = useCallback((id: number) => setToasts((all) => all.filter((t) => t.id !== id)), []);
  const push = useCallback(
    (kind: Kind, text: string) => {
      const id = next.current++;
      // At most five on screen: the oldest go first.
      setToasts((all) => [...all.slice(-4), { id, kind, text }]);
      setTimeout(() => dismiss(id), LIFETIME[kind]);
    },
    [dismiss],
  );
  const api = useMemo<Toasts>(
    () => ({ success: (text) => push('success', text), error: (text) => push('error', text) }),
    [push],
  );
  const list = (kind: Kind) =>
    toasts
      .filter((t) => t.kind === kind)
      .map((t) => (
        <div key={t.id} className={`toast toast--${kind}`} data-testid="toast">
          <p>{t.text}</p>
          <button type="button" className="toast__close" aria-label="Dismiss" onClick={() => dismiss(t.id)}>
            ×
          </button>
        </div>
      ));
  return (
    <ToastContext.Provider value={api}>
      {children}
      <section className="toasts" aria-label="Notifications">
        <div role="status" aria-live="polite">
          {list('success')}
        </div>
        <div role="alert" aria-live="assertive">
          {list('error')}
        </div>
      </section>
    </ToastContext.Provider>
  );
}
