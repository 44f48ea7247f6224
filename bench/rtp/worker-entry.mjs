// Worker bootstrap: a worker's entry file is loaded before `--import tsx` can hook it on Node 20, so
// register tsx here, then load the TypeScript worker.
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
