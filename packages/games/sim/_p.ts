import { simulate } from './scenarios.ts';

const seed = 'a'.repeat(64);
const g = process.argv[2] as 'slot';
simulate(g, seed, 'w', 0, 20000);
const n = 100000;
const t = performance.now();
simulate(g, seed, 'speed', 0, n);
console.log(g, Math.round(n / ((performance.now() - t) / 1000)), 'rounds/s');
