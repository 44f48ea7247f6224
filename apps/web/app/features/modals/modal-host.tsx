import { useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useSession } from '../session/session.ts';
import { canOpen, isKnownModal } from './access.ts';
import { Modal } from './modal.tsx';
import { modalRegistry } from './registry.ts';

export interface ModalControls {
  /** Opens a modal by name as `?name=type`, so a reload or a shared link reopens it. */
  open(name: string, type?: string): void;
  /** Closes it: its parameter (and any it clears) leaves the address. */
  close(name: string): void;
}

/**
 * Modals are tied to query parameters (spec §2): the address is the source of truth, so a reload
 * reopens them, Back closes them, and a parameter the visitor may not use is removed.
 */
export function useModals(): ModalControls {
  const [, setParams] = useSearchParams();
  const { isLoggedIn } = useSession();
  return useMemo(
    () => ({
      open(name, type = 'true') {
        if (!canOpen(name, isLoggedIn)) return;
        setParams(
          (prev) => {
            const next = new URLSearchParams(prev);
            next.set(name, type);
            return next;
          },
          { preventScrollReset: true },
        );
      },
      close(name) {
        const clears = modalRegistry.get(name)?.clearsParams ?? [];
        setParams(
          (prev) => {
            const next = new URLSearchParams(prev);
            next.delete(name);
            for (const key of clears) next.delete(key);
            return next;
          },
          { preventScrollReset: true, replace: true },
        );
      },
    }),
    [isLoggedIn, setParams],
  );
}

/** Renders the open modals in query order, stacked, and strips parameters of modals the visitor may not open. */
export function ModalHost() {
  const [params, setParams] = useSearchParams();
  const { isLoggedIn } = useSession();
  const modals = useModals();

  const stack = useMemo(() => {
    const open: { name: string; type: string }[] = [];
    for (const [key, value] of params) {
      if (modalRegistry.has(key) && canOpen(key, isLoggedIn)) open.push({ name: key, type: value || 'true' });
    }
    return open;
  }, [params, isLoggedIn]);

  useEffect(() => {
    const denied = [...params.keys()].filter((key) => isKnownModal(key) && !canOpen(key, isLoggedIn));
    if (denied.length === 0) return;
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const key of denied) next.delete(key);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [params, isLoggedIn, setParams]);

  return stack.map((m, index) => {
    const def = modalRegistry.get(m.name)!;
    const close = () => modals.close(m.name);
    return (
      <Modal key={m.name} index={index} size={def.size} onClose={close} isTop={index === stack.length - 1}>
        {(titleId) => <def.component type={m.type} close={close} titleId={titleId} />}
      </Modal>
    );
  });
}
