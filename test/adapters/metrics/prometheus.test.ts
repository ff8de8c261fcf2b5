import { afterEach, describe, expect, it } from 'vitest';
import { noopMetrics, startMetrics } from '../../../src/adapters/metrics/index.js';
import { prometheusMetrics, startMetricsServer, type MetricsServer } from '../../../src/adapters/metrics/prometheus.js';

let server: MetricsServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

describe('Prometheus metrics', () => {
  it('GIVEN some activity WHEN the registry is read THEN the exposition text has every metric with its labels and values', async () => {
    const { metrics, registry } = prometheusMetrics();
    metrics.interaction('button', 'update', 12);
    metrics.interaction('button', 'update', 40);
    metrics.interaction('command', 'auto-defer', 2600);
    metrics.turn();
    metrics.turn();
    metrics.refusal('wall');
    metrics.refusal('wall');
    metrics.refusal('stale');
    metrics.storageFailure();
    metrics.roundResolved();
    metrics.editQueueDepth(7);
    metrics.editQueueDepth(3);
    metrics.duplicatePrevented();
    const text = await registry.metrics();
    expect(text).toContain('# TYPE cc_interaction_duration_seconds histogram');
    expect(text).toContain('cc_interaction_duration_seconds_bucket{le="0.025",kind="button",outcome="update"} 1');
    expect(text).toContain('cc_interaction_duration_seconds_bucket{le="0.05",kind="button",outcome="update"} 2');
    expect(text).toContain('cc_interaction_duration_seconds_count{kind="button",outcome="update"} 2');
    expect(text).toContain('cc_interaction_duration_seconds_bucket{le="2.5",kind="command",outcome="auto-defer"} 0');
    expect(text).toContain('cc_interaction_duration_seconds_bucket{le="3",kind="command",outcome="auto-defer"} 1');
    expect(text).toContain('cc_turns_total 2');
    expect(text).toContain('cc_refusals_total{code="wall"} 2');
    expect(text).toContain('cc_refusals_total{code="stale"} 1');
    expect(text).toContain('cc_storage_failures_total 1');
    expect(text).toContain('cc_round_resolutions_total 1');
    expect(text).toContain('# TYPE cc_edit_queue_depth gauge');
    expect(text).toContain('cc_edit_queue_depth 3');
    expect(text).toContain('cc_duplicate_interactions_prevented_total 1');
  });

  it('GIVEN two metric sets WHEN both count THEN their registries are independent', async () => {
    const a = prometheusMetrics();
    const b = prometheusMetrics();
    a.metrics.turn();
    expect(await a.registry.metrics()).toContain('cc_turns_total 1');
    expect(await b.registry.metrics()).toContain('cc_turns_total 0');
  });

  it('GIVEN the metrics server WHEN /metrics is fetched THEN it answers the exposition text; other paths are 404', async () => {
    const { metrics, registry } = prometheusMetrics(undefined, true);
    metrics.turn();
    server = await startMetricsServer(registry, 0, '127.0.0.1');
    const res = await fetch(`http://127.0.0.1:${server.port}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    expect(text).toContain('cc_turns_total 1');
    expect(text).toContain('cc_process_cpu_user_seconds_total');
    expect((await fetch(`http://127.0.0.1:${server.port}/`)).status).toBe(404);
  });

  it('GIVEN a metrics port WHEN startMetrics runs THEN /metrics counts what its metrics count; without a port it is the no-op and serves nothing', async () => {
    const on = await startMetrics(0, '127.0.0.1');
    try {
      on.metrics.refusal('wall');
      expect(await (await fetch(`http://127.0.0.1:${on.port}/metrics`)).text()).toContain('cc_refusals_total{code="wall"} 1');
    } finally {
      await on.close();
    }
    const off = await startMetrics(undefined);
    expect(off.metrics).toBe(noopMetrics);
    expect(off.port).toBeNull();
  });
});
