// One client process of the bench: opens `count` raw websockets speaking the Centrifuge JSON frames
// (what the centrifuge client sends), each subscribed to global:online, and reports when the bench
// publication arrives on each. Loopback only.
import WebSocket from 'ws';

const [url, countArg, parallelArg] = process.argv.slice(2);
const count = Number(countArg);
const parallel = Number(parallelArg ?? 200);
const now = () => performance.timeOrigin + performance.now();

const latencies: number[] = [];
let ready = 0;
let failed = 0;
const sockets: WebSocket[] = [];

function open(): Promise<void> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url!, { perMessageDeflate: false });
    sockets.push(ws);
    let subscribed = false;
    const done = (ok: boolean) => {
      if (subscribed) return;
      subscribed = true;
      if (ok) ready++;
      else failed++;
      resolve();
    };
    ws.on('open', () => {
      ws.send(
        `${JSON.stringify({ id: 1, connect: { name: 'bench' } })}\n${JSON.stringify({ id: 2, subscribe: { channel: 'global:online' } })}`,
      );
    });
    ws.on('message', (data) => {
      const at = now();
      for (const line of data.toString().split('\n')) {
        if (line === '{}') {
          ws.send('{}'); // pong
          continue;
        }
        const frame = JSON.parse(line);
        if (frame.id === 2) done(!frame.error);
        const pub = frame.push?.pub?.data;
        if (pub?.event === 'bench.publication') latencies.push(at - pub.sentAt);
      }
    });
    ws.on('error', () => done(false));
    ws.on('close', () => done(false));
  });
}

async function main() {
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < count) {
        next++;
        await open();
      }
    }),
  );
  process.send?.({ type: 'ready', ready, failed });
  process.on('message', (message) => {
    if (message === 'report') process.send?.({ type: 'report', latencies });
    if (message === 'close') {
      for (const ws of sockets) ws.terminate();
      process.exit(0);
    }
  });
}

void main();
