import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { ModalDefinition, ModalProps } from './types.ts';

const components = new WeakMap<ModalDefinition, LazyExoticComponent<ComponentType<ModalProps>>>();

/** One lazy component per definition: made once, so React keeps the loaded module across openings. */
export function lazyModal(def: ModalDefinition): LazyExoticComponent<ComponentType<ModalProps>> {
  let component = components.get(def);
  if (!component) {
    component = lazy(async () => ({ default: await def.load() }));
    components.set(def, component);
  }
  return component;
}
