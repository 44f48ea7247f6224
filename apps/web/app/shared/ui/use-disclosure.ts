import { type RefObject, useEffect, useRef, useState } from 'react';

/**
 * A menu that opens from a button and closes on a click outside its container or on Escape.
 * Returns the container ref to attach, the open state and its setter.
 */
export function useDisclosure<T extends HTMLElement = HTMLDivElement>(): {
  ref: RefObject<T | null>;
  open: boolean;
  setOpen: (next: boolean | ((v: boolean) => boolean)) => void;
} {
  const [open, setOpen] = useState(false);
  const ref = useRef<T>(null);
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => ref.current && !ref.current.contains(e.target as Node) && setOpen(false);
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  return { ref, open, setOpen };
}
