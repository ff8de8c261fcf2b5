/** Metrics in the Prometheus format (prom-client): one registry, the bot's counters, and a /metrics HTTP server. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Metrics } from './metrics.js';

/** Latency buckets (seconds) around what matters: well under 50 ms, the 3 s deadline, and beyond. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 3, 5];

/** Builds the bot's metrics on `registry` (a fresh one by default); `processMetrics` adds Node's own (CPU, memory, event loop). */
export function prometheusMetrics(registry = new Registry(), processMetrics = false): { metrics: Metrics; registry: Registry } {
  const registers = [registry];
  if (processMetrics) collectDefaultMetrics({ register: registry, prefix: 'cc_' });
  const latency = new Histogram({ name: 'cc_interaction_duration_seconds', help: 'Time from receiving an interaction to its first answer, by kind and outcome.', labelNames: ['kind', 'outcome'], buckets: LATENCY_BUCKETS, registers });
  const turns = new Counter({ name: 'cc_turns_total', help: 'Accepted actions.', registers });
  const refusals = new Counter({ name: 'cc_refusals_total', help: 'Refused actions, by refusal code.', labelNames: ['code'], registers });
  const storage = new Counter({ name: 'cc_storage_failures_total', help: 'Storage operations that failed (unavailable or timed out).', registers });
  const rounds = new Counter({ name: 'cc_round_resolutions_total', help: 'Rounds resolved (everyone acted, or the timer ran out).', registers });
  const queue = new Gauge({ name: 'cc_edit_queue_depth', help: 'Channel edits waiting to be sent.', registers });
  const duplicates = new Counter({ name: 'cc_duplicate_interactions_prevented_total', help: 'Interactions delivered again and not applied a second time.', registers });
  const botRequests = new Counter({ name: 'cc_bot_token_requests_total', help: "Requests sent with the bot token (Discord's global 50/s), by route and reason. Per accepted turn: divide by cc_turns_total.", labelNames: ['route', 'reason'], registers });
  const tokenEdits = new Counter({ name: 'cc_token_edits_total', help: 'Game-message edits sent through an interaction token (exempt from the global limit), by reason.', labelNames: ['reason'], registers });
  const shed = new Counter({ name: 'cc_bot_budget_shed_total', help: 'Low-priority redraws the shared bot-token budget shed (redrawn later, merged), by reason.', labelNames: ['reason'], registers });
  const metrics: Metrics = {
    interaction: (kind, outcome, ms) => latency.observe({ kind, outcome }, ms / 1000),
    turn: () => turns.inc(),
    refusal: (code) => refusals.inc({ code }),
    storageFailure: () => storage.inc(),
    roundResolved: () => rounds.inc(),
    editQueueDepth: (depth) => queue.set(depth),
    duplicatePrevented: () => duplicates.inc(),
    botRequest: (route, reason) => botRequests.inc({ route, reason }),
    tokenEdit: (reason) => tokenEdits.inc({ reason }),
    budgetShed: (reason) => shed.inc({ reason }),
  };
  return { metrics, registry };
}

/** A running /metrics server. */
export interface MetricsServer {
  readonly port: number;
  close(): Promise<void>;
}

/** Serves `GET /metrics` (the registry's exposition text) on `port`; everything else is 404. */
export async function startMetricsServer(registry: Registry, port: number, host?: string): Promise<MetricsServer> {
  const server: Server = createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { 'Content-Type': registry.contentType }).end(text),
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
