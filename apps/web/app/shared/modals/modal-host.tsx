import { Suspense, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useSession } from '../session/session.ts';
import { canOpen, isKnownModal } from './access.ts';
import { Modal } from './modal.tsx';
import { ModalBody } from './modal-body.tsx';
import { useModalRegistry } from './registry-context.tsx';
import { useModals } from './use-modals.ts';

export { type ModalControls, useModals } from './use-modals.ts';

/** Renders the open modals in query order, stacked, and strips parameters of modals the visitor may not open. */
export function ModalHost() {
  const [params, setParams] = useSearchParams();
  const { isLoggedIn, isPending } = useSession();
  const modals = useModals();
  const registry = useModalRegistry();

  const stack = useMemo(() => {
    const open: { name: string; type: string }[] = [];
    for (const [key, value] of params) {
      if (registry.has(key) && canOpen(key, isLoggedIn)) open.push({ name: key, type: value || 'true' });
    }
    return open;
  }, [params, isLoggedIn, registry]);

  useEffect(() => {
    // While a stored session is being restored the visitor's access is not known yet.
    if (isPending) return;
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
  }, [params, isLoggedIn, isPending, setParams]);

  return stack.map((m, index) => {
    const def = registry.get(m.name)!;
    const close = () => modals.close(m.name);
    // Dismissing (close button, Escape, backdrop, swipe) may ask first, e.g. sign-up → sign-up-cancel.
    const dismiss = def.confirmCloseWith
      ? () => ((def.confirmCloseWhile?.() ?? true) ? modals.open(def.confirmCloseWith!) : close())
      : close;
    // The boundary sits outside the dialog: it appears whole once its code and text are there, so focus
    // lands inside a complete dialog and its title exists when aria-labelledby points at it.
    return (
      <Suspense key={m.name} fallback={null}>
        <Modal index={index} size={def.size} onClose={dismiss} isTop={index === stack.length - 1}>
          {(titleId) => <ModalBody def={def} type={m.type} close={close} titleId={titleId} />}
        </Modal>
      </Suspense>
    );
  });
}
