import { createContext, type ReactNode, useContext } from 'react';
import type { ModalRegistry } from './types.ts';

/**
 * The registry comes from the app (app/modal-registry.ts) through context, so this folder imports no
 * feature: the modals import `useModals` from here, and nothing here imports them back (issue 15).
 */
const RegistryContext = createContext<ModalRegistry>(new Map());

export function ModalRegistryProvider({ registry, children }: { registry: ModalRegistry; children: ReactNode }) {
  return <RegistryContext.Provider value={registry}>{children}</RegistryContext.Provider>;
}

export const useModalRegistry = (): ModalRegistry => useContext(RegistryContext);
