/**
 * What one message and its answer between two processes costs on this machine: a Node process
 * sends 200 bytes over loopback TCP to another that writes them back, one at a time. Every call
 * of the mixed load pays this at least once (its HTTP answer), and on PostgreSQL once more per
 * round trip to the database (docs/running-in-production.md, What a call costs at least).
 */
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { connect, createServer, type AddressInfo } from 'node:net';

const EXCHANGES = 20_000;
const MESSAGE = Buffer.alloc(200, 0x61);

function cpuMicros(): number {
  const { user, system } = process.cpuUsage();
  return user + system;
}

/** The echoing side, in the child process: answers its parent's 'cpu' with its CPU time. */
function serveEchoes(): void {
  const server = createServer((socket) => {
    socket.setNoDelay(true);
    socket.on('data', (data) => socket.write(data));
  });
  server.listen(0, '127.0.0.1', () => process.send?.((server.address() as AddressInfo).port));
  process.on('message', () => process.send?.(cpuMicros()));
}

export async function benchMessageFloor(): Promise<void> {
  const child = fork(new URL(import.meta.url).pathname, ['echo']);
  try {
    const [port] = (await once(child, 'message')) as [number];
    const childCpu = async () => {
      child.send('cpu');
      const [micros] = (await once(child, 'message')) as [number];
      return micros;
    };
    const socket = connect(port, '127.0.0.1');
    socket.setNoDelay(true);
    await once(socket, 'connect');
    const childBefore = await childCpu();
    const before = cpuMicros();
    const started = performance.now();
    for (let i = 0; i < EXCHANGES; i += 1) {
      socket.write(MESSAGE);
      await once(socket, 'data');
    }
    const wall = (1000 * (performance.now() - started)) / EXCHANGES;
    const sender = (cpuMicros() - before) / EXCHANGES;
    const echoer = ((await childCpu()) - childBefore) / EXCHANGES;
    socket.destroy();
    console.log(
      `One message and its answer between two processes (loopback TCP, ${MESSAGE.length} B): ` +
        `${wall.toFixed(1)} µs, CPU ${sender.toFixed(1)} µs on the sending side and ` +
        `${echoer.toFixed(1)} µs on the answering one`,
    );
  } finally {
    child.kill();
  }
}

if (process.argv[2] === 'echo') serveEchoes();
else if (import.meta.url === `file://${process.argv[1]}`) await benchMessageFloor();
