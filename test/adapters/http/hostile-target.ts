/**
 * The endpoint alone in its own process, for the hostile-connections test: prints its port, then answers IPC 'rss'
 * with its resident set size after a full garbage collection (run with --expose-gc).
 */
import { startInteractionServer } from '../../../src/adapters/http/server.js';
import { silentLogger } from '../../../src/app/ports.js';

const publicKey = process.argv[2] ?? '';
// 'defaults': the endpoint as production starts it; otherwise short header and request timeouts.
const timeouts = process.argv[3] === 'defaults' ? {} : { headersTimeoutMs: 1000, requestTimeoutMs: 2000 };
const server = await startInteractionServer({ port: 0, host: '127.0.0.1', publicKey, handler: async (_i, r) => r.deferUpdate(), logger: silentLogger, apiBase: 'http://127.0.0.1:9/api', ...timeouts });
const gc = (globalThis as { gc?: () => void }).gc;
process.on('message', (m) => {
  if (m === 'rss') {
    gc?.();
    gc?.();
    process.send?.({ rss: process.memoryUsage().rss });
  }
  if (m === 'stop') void server.close().then(() => process.exit(0));
});
process.send?.({ port: server.port });
