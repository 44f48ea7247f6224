// The five faults of issue 31, applied to the running cluster one at a time. Each answers when the cluster is whole
// again (the instance back in HAProxy, Redis or the primary answering), with what it did and how long it took.
import { backend, cluster, now, sleep } from './cluster.ts';

export type FaultName = 'kill' | 'rolling' | 'redis' | 'pg-restart' | 'failover';
export const FAULTS: FaultName[] = ['kill', 'rolling', 'redis', 'pg-restart', 'failover'];

const seconds = (ms: number) => Math.round(ms / 100) / 10;

/** The instance HAProxy has the most sockets on (so a kill moves sockets), else instance 1. */
async function busiestInstance(): Promise<number> {
  let best = 1;
  let most = -1;
  for (const [server, { sessions }] of await backend('ws')) {
    if (sessions > most) [best, most] = [Number(server.slice(3)), sessions];
  }
  return best;
}

async function untilUp(n: number, timeoutMs = 90_000): Promise<void> {
  const deadline = now() + timeoutMs;
  while (now() < deadline) {
    if ((await backend('api')).get(`app${n}`)?.status.startsWith('UP')) return;
    await sleep(200);
  }
  throw new Error(`app ${n} not back in HAProxy after ${timeoutMs / 1000} s`);
}

export async function applyFault(name: FaultName, instances: number): Promise<Record<string, unknown>> {
  const t0 = now();
  switch (name) {
    case 'kill': {
      // kill -9, restarted 10 s later (a process manager's restart delay).
      const victim = await busiestInstance();
      await cluster('kill', `${victim}`);
      await sleep(10_000);
      await cluster('start', `${victim}`);
      await untilUp(victim);
      return { victim, backInHaproxySeconds: seconds(now() - t0) };
    }
    case 'rolling': {
      // A rolling deploy: each instance drained in HAProxy, stopped with SIGTERM, started, back in, in turn.
      const each: number[] = [];
      for (let n = 1; n <= instances; n++) {
        const t = now();
        await cluster('stop', `${n}`);
        await cluster('start', `${n}`);
        await untilUp(n);
        each.push(seconds(now() - t));
      }
      return { perInstanceSeconds: each, totalSeconds: seconds(now() - t0) };
    }
    case 'redis': {
      await cluster('redis-stop');
      await sleep(10_000);
      await cluster('redis-start');
      return { downSeconds: seconds(now() - t0) };
    }
    case 'pg-restart': {
      await cluster('pg-restart');
      return { restartSeconds: seconds(now() - t0) };
    }
    case 'failover': {
      const { stdout } = await cluster('failover');
      const promoted = seconds(now() - t0);
      await cluster('node-start', '1');
      return { promotedSeconds: promoted, output: stdout.trim().split('\n').at(-1) };
    }
  }
}
