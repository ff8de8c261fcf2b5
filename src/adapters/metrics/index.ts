/** Metrics as main wires them: Prometheus on METRICS_PORT when it is set, otherwise the no-op. */
import { noopMetrics, type Metrics } from './metrics.js';
import { prometheusMetrics, startMetricsServer } from './prometheus.js';

export { noopMetrics, type Metrics } from './metrics.js';

/** Starts /metrics on `port` (with Node's process metrics) and returns the metrics to count with; no port = no-op. */
export async function startMetrics(port: number | undefined, host?: string): Promise<{ metrics: Metrics; port: number | null; close(): Promise<void> }> {
  if (port === undefined) return { metrics: noopMetrics, port: null, close: async () => {} };
  const { metrics, registry } = prometheusMetrics(undefined, true);
  const server = await startMetricsServer(registry, port, host);
  return { metrics, port: server.port, close: () => server.close() };
}
