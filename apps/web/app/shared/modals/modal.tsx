import { type ReactNode, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useT } from '../i18n/i18n.tsx';
import { Icon } from '../ui/icons.tsx';
import { modalZIndex } from './access.ts';
import { shouldCloseOnSwipe } from './swipe.ts';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

interface Props {
  index: number;
  isTop: boolean;
  size?: 'small' | 'medium' | 'large';
  onClose: () => void;
  children: (titleId: string) => ReactNode;
}

/**
 * One dialog layer: backdrop at 1000 + 2i, dialog one above. Escape and the backdrop close the top
 * one; focus stays inside while open and returns where it was; on touch screens it is a bottom sheet
 * that closes with a downward swipe.
 */
export function Modal({ index, isTop, size = 'medium', onClose, children }: Props) {
  const t = useT();
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const drag = useRef<{ y: number; at: number } | null>(null);
  const [offset, setOffset] = useState(0);
  const z = modalZIndex(index);

  // Focus moves in with the modal and back out with its unmount, in the same task (a layout effect): a passive
  // effect may run a task later (React's after a non-discrete update, Preact's always, decision 0133), and in
  // between the focus would sit on the page's body.
  useLayoutEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const first = ref.current?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? ref.current)?.focus();
    document.body.classList.add('has-modal');
    return () => {
      document.body.classList.remove('has-modal');
      previous?.focus?.();
    };
  }, []);

  useEffect(() => {
    if (!isTop) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
      if (e.key !== 'Tab' || !ref.current) return;
      const items = [...ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
      if (items.length === 0) return;
      const first = items[0]!;
      const last = items[items.length - 1]!;
      if (e.shiftKey && document.activeElement === first) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [isTop, onClose]);

  const onPointerDown = (e: React.PointerEvent) => {
    if (e.pointerType === 'mouse') return;
    drag.current = { y: e.clientY, at: performance.now() };
  };
  const onPointerMove = (e: React.PointerEvent) => {
    if (drag.current) setOffset(Math.max(0, e.clientY - drag.current.y));
  };
  const onPointerUp = (e: React.PointerEvent) => {
    if (!drag.current || !ref.current) return;
    const distance = e.clientY - drag.current.y;
    const close = shouldCloseOnSwipe(distance, ref.current.offsetHeight, performance.now() - drag.current.at);
    drag.current = null;
    setOffset(0);
    if (close) onClose();
  };

  return (
    <>
      <div className="modal-backdrop" style={{ zIndex: z }} onClick={isTop ? onClose : undefined} aria-hidden="true" />
      <div className="modal-frame" style={{ zIndex: z + 1 }}>
        <div
          ref={ref}
          role="dialog"
          aria-modal="true"
          aria-labelledby={titleId}
          tabIndex={-1}
          className={`modal modal--${size}`}
          style={offset ? { transform: `translateY(${offset}px)`, transition: 'none' } : undefined}
        >
          <div
            className="modal__handle"
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={onPointerUp}
            aria-hidden="true"
          />
          <button
            type="button"
            className="icon-button modal__close"
            onClick={onClose}
            aria-label={t('global-components.modal.close')}
          >
            <Icon name="close" />
          </button>
          <div className="modal__body">{children(titleId)}</div>
        </div>
      </div>
    </>
  );
}
