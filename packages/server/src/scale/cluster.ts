/**
 * Several real server nodes on one PostgreSQL database behind Debian's HAProxy, for the
 * multi-node test and the cluster benchmark (docs/running-in-production.md shows the same
 * HAProxy configuration). Each node is `src/main.ts` in its own process on its own port; the
 * database is a fresh one, dropped at the end (LISTEN/NOTIFY and pg-boss are per database).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));

export interface ClusterNode {
  name: string;
  port: number;
  url: string;
  child: ChildProcess;
  /** Everything the process wrote so far. */
  output(): string;
  /** Resolves with the exit code (null when ended by a signal) once the process has ended. */
  exited: Promise<number | null>;
}

export interface Cluster {
  /** HAProxy's address: what clients use. */
  url: string;
  nodes: ClusterNode[];
  databaseUrl: string;
  /** Runs SQL on the cluster's database (a connection of its own). */
  query<R extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<R[]>;
  stop(): Promise<void>;
}

export interface ClusterOptions {
  nodes: number;
  /** Extra environment of every node. */
  env?: Record<string, string>;
  /** HAProxy's client and server idle timeouts (seconds). */
  idleTimeoutSeconds?: number;
}

/** Debian's haproxy: on the PATH, or where the package puts it (/usr/sbin, not on every PATH). */
export function haproxyBinary(): string | undefined {
  return ['haproxy', '/usr/sbin/haproxy'].find(
    (binary) => spawnSync(binary, ['-v'], { stdio: 'ignore' }).status === 0,
  );
}

/** A port nobody listens on right now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return typeof address === 'object' && address ? address.port : 0;
}

async function until(check: () => Promise<boolean>, what: () => string, ms: number) {
  const deadline = Date.now() + ms;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(what());
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function admin(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * The HAProxy configuration the test runs (and the operators' docs show): round robin over the
 * nodes, each checked on /readyz every 500 ms (down after 2 failures, up after 2 successes), a
 * connection refused tried again on another node, the client's address forwarded.
 */
function haproxyConfig(
  port: number,
  nodes: readonly { name: string; port: number }[],
  idleTimeoutSeconds = 60,
): string {
  return `global
  maxconn 4096

defaults
  mode http
  timeout connect 2s
  timeout client ${idleTimeoutSeconds}s
  timeout server ${idleTimeoutSeconds}s
  timeout http-request 30s
  timeout http-keep-alive 10s
  # A connection refused or reset before any answer goes to another node (never a call the
  # node may have run: clients retry those with their idempotency key).
  retries 3
  option redispatch 1

frontend planner
  bind 127.0.0.1:${port}
  option forwardfor
  default_backend nodes

backend nodes
  balance roundrobin
  option httpchk GET /readyz
  http-check expect status 200
  default-server inter 500ms fall 2 rise 2
${nodes.map((node) => `  server ${node.name} 127.0.0.1:${node.port} check`).join('\n')}
`;
}

function spawnNode(name: string, port: number, env: Record<string, string>): ClusterNode {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: { ...process.env, ...env, PORT: String(port), NODE_NAME: name },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { name, port, url: `http://127.0.0.1:${port}`, child, output: () => output, exited };
}

async function ready(url: string): Promise<boolean> {
  return (await fetch(`${url}/readyz`)).status === 200;
}

/** Starts the database, the nodes (the first migrates, the others then start together), HAProxy. */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const base = process.env.DATABASE_URL;
  if (!base) throw new Error('the cluster needs DATABASE_URL (a PostgreSQL server)');
  const database = `planner_cluster_${randomBytes(6).toString('hex')}`;
  await admin(base, `CREATE DATABASE ${database}`);
  const databaseUrl = new URL(base);
  databaseUrl.pathname = `/${database}`;
  const dir = mkdtempSync(join(tmpdir(), 'planner-cluster-'));
  const proxyPort = await freePort();
  const proxyUrl = `http://127.0.0.1:${proxyPort}`;
  const env = {
    DATABASE_URL: databaseUrl.href,
    PUBLIC_URL: proxyUrl,
    TRUST_PROXY: 'loopback',
    WEB_DIST: join(dir, 'none'),
    LOG_LEVEL: 'warn',
    ...options.env,
  };
  const nodes: ClusterNode[] = [];
  let haproxy: ChildProcess | undefined;
  const stop = async () => {
    haproxy?.kill('SIGKILL');
    for (const node of nodes) if (node.child.exitCode === null) node.child.kill('SIGKILL');
    await Promise.all(nodes.map((node) => node.exited));
    rmSync(dir, { recursive: true, force: true });
    await admin(base, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  };
  try {
    const ports = await Promise.all(Array.from({ length: options.nodes }, freePort));
    // Each node has a data folder of its own, as separate machines would.
    const nodeEnv = (i: number) => ({ ...env, DATA_DIR: join(dir, `node${i + 1}`) });
    nodes.push(spawnNode('node1', ports[0] ?? 0, nodeEnv(0)));
    const first = nodes[0] as ClusterNode;
    await until(
      () => ready(first.url),
      () => `node1 did not start: ${first.output()}`,
      60_000,
    );
    for (let i = 1; i < options.nodes; i += 1) {
      nodes.push(spawnNode(`node${i + 1}`, ports[i] ?? 0, nodeEnv(i)));
    }
    for (const node of nodes) {
      await until(
        () => ready(node.url),
        () => `${node.name} did not start: ${node.output()}`,
        60_000,
      );
    }
    const config = join(dir, 'haproxy.cfg');
    writeFileSync(config, haproxyConfig(proxyPort, nodes, options.idleTimeoutSeconds));
    const binary = haproxyBinary();
    if (!binary) throw new Error('haproxy is not installed (apt-get install -y haproxy)');
    haproxy = spawn(binary, ['-db', '-f', config], { stdio: ['ignore', 'pipe', 'pipe'] });
    let proxyOutput = '';
    haproxy.stderr?.on('data', (chunk: Buffer) => (proxyOutput += chunk.toString()));
    // Every node answers through the proxy (its checks have passed) before the cluster is used.
    const seen = new Set<string>();
    await until(
      async () => {
        const response = await fetch(`${proxyUrl}/readyz`);
        if (response.status === 200) seen.add(response.headers.get('x-served-by') ?? '');
        return seen.size === options.nodes;
      },
      () => `HAProxy did not reach every node (${[...seen].join(', ')}): ${proxyOutput}`,
      20_000,
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url: proxyUrl,
    nodes,
    databaseUrl: databaseUrl.href,
    async query<R extends pg.QueryResultRow>(text: string, values: unknown[] = []) {
      const client = new pg.Client({ connectionString: databaseUrl.href });
      await client.connect();
      try {
        return (await client.query<R>(text, values)).rows;
      } finally {
        await client.end();
      }
    },
    stop,
  };
}
