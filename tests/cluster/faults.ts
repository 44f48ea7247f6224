// The full fault run of issue 31, a documented command (docs/deployment.md):
//   CLUSTER_DEMO=1 npm run cluster -- up            (CLUSTER_FAILOVER=patroni for the fifth fault)
//   node --import tsx tests/cluster/faults.ts [--faults kill,rolling,redis,pg-restart,failover] [--players 20]
//        [--sockets 20] [--lead 5] [--tail 5] [--seed 1] [--throughput 20]
// prints each phase's figures as a JSON line and exits 1 when an invariant broke.
import { parseArgs } from 'node:util';
import { FAULTS, type FaultName } from './lib/faults.ts';
import { runFaults } from './lib/run.ts';

const { values } = parseArgs({
  options: {
    faults: { type: 'string', default: FAULTS.join(',') },
    players: { type: 'string', default: '20' },
    sockets: { type: 'string', default: '20' },
    lead: { type: 'string', default: '5' },
    tail: { type: 'string', default: '5' },
    seed: { type: 'string', default: '1' },
    throughput: { type: 'string', default: '0' },
  },
});

const result = await runFaults({
  faults: values.faults!.split(',') as FaultName[],
  instances: Number(process.env.CLUSTER_INSTANCES ?? 3),
  players: Number(values.players),
  sockets: Number(values.sockets),
  leadSeconds: Number(values.lead),
  tailSeconds: Number(values.tail),
  seed: Number(values.seed),
  throughputSeconds: Number(values.throughput),
});
console.log(JSON.stringify(result));
process.exit(result.phases.every((p) => p.clean) ? 0 : 1);
