// What root.tsx and the routes use of the shell; they import it from here only (decision 0100). The live
// listeners (live-listeners.tsx, player-listeners.tsx) load lazily after hydration (0074): never re-export them.
export { flashState } from './flash.ts';
export { GeoRestricted, reachableWhenRestricted } from './geo-restricted.tsx';
export { Shell } from './shell.tsx';
