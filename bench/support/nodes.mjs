// The server processes of the multi-node benchmarks (cluster, scale): each a built server
// (server/dist/main.js) on the run's database and Redis, and JSON calls to one of them that tell
// which node answered what.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { jsonRequest } from '../../scripts/lib/json-api.mjs';

const main = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'server', 'dist', 'main.js');

/**
 * Starts a node with `env` (kit.serverEnv's) and answers { name, port, base, child, exited } once
 * GET `ready` answers 200; a node that exits or never answers is killed and the start throws.
 * `child.exited` is the same promise as `exited`: the exit signal, else the exit code.
 */
export async function startNode({ name, port, env, ready = '/health/ready' }) {
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [main], { env, stdio: ['ignore', 'inherit', 'inherit'] });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code)));
  child.exited = exited;
  const node = { name, port, base, child, exited };
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`node ${name} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}${ready}`, { signal: AbortSignal.timeout(3000) })).status === 200) return node;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  child.kill('SIGKILL');
  throw new Error(`node ${name} did not start`);
}

export const alive = (node) => node.child.exitCode === null && node.child.signalCode === null;

/** A JSON call to one node that answers { status, data, text } and never throws (status 0: no answer). */
export async function ask(node, method, path, options = {}) {
  try {
    return await jsonRequest(node.base, method, path, options);
  } catch (error) {
    return { status: 0, data: null, text: String(error.cause?.code ?? error.message) };
  }
}

/** `ask` that answers the parsed body, and throws naming the node on any other status than 2xx. */
export async function must(node, method, path, options) {
  const answer = await ask(node, method, path, options);
  if (answer.status < 200 || answer.status >= 300)
    throw new Error(`${method} ${path} on ${node.name}: ${answer.status} ${answer.text}`);
  return answer.data;
}
