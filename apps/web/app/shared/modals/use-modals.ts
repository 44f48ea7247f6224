import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useSession } from '../session/session.ts';
import { canOpen } from './access.ts';
import { useModalRegistry } from './registry-context.tsx';
import type { ModalRegistry } from './types.ts';

export interface ModalControls {
  /** Opens a modal by name as `?name=type`, so a reload or a shared link reopens it. */
  open(name: string, type?: string): void;
  /** Closes it: its parameter (and any it clears) leaves the address. */
  close(name: string): void;
  /** Closes several in one navigation (sign-up-cancel → leave closes it and sign-up). */
  closeAll(names: string[]): void;
  /** Closes `from` and opens `to` in one navigation (sign-in → sign-up); `extra` adds parameters. */
  switchTo(from: string | string[], to: string, extra?: Record<string, string>): void;
}

const clearedBy = (registry: ModalRegistry, name: string) => [name, ...(registry.get(name)?.clearsParams ?? [])];

/**
 * Modals are tied to query parameters (spec §2): the address is the source of truth, so a reload
 * reopens them, Back closes them, and a parameter the visitor may not use is removed.
 */
export function useModals(): ModalControls {
  const [, setParams] = useSearchParams();
  const { isLoggedIn } = useSession();
  const registry = useModalRegistry();
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
        setParams(
          (prev) => {
            const next = new URLSearchParams(prev);
            for (const key of clearedBy(registry, name)) next.delete(key);
            return next;
          },
          { preventScrollReset: true, replace: true },
        );
      },
      closeAll(names) {
        setParams(
          (prev) => {
            const next = new URLSearchParams(prev);
            for (const name of names) for (const key of clearedBy(registry, name)) next.delete(key);
            return next;
          },
          { preventScrollReset: true, replace: true },
        );
      },
      switchTo(from, to, extra = {}) {
        setParams(
          (prev) => {
            const next = new URLSearchParams(prev);
            for (const name of [from].flat()) for (const key of clearedBy(registry, name)) next.delete(key);
            next.set(to, 'true');
            for (const [key, value] of Object.entries(extra)) next.set(key, value);
            return next;
          },
          { preventScrollReset: true, replace: true },
        );
      },
    }),
    [isLoggedIn, registry, setParams],
  );
}
