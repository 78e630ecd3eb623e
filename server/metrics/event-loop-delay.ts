import { type Histogram as NodeHistogram, monitorEventLoopDelay } from "node:perf_hooks";
import type { Histogram } from "prom-client";

// Upper bounds in seconds: a healthy loop stays under a few milliseconds, a blocked one shows in the long tail.
export const eventLoopDelayBuckets = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
// How often the monitor's timer samples the loop, in milliseconds (perf_hooks' default).
const resolutionMs = 10;

/** How many of a histogram's samples are at most `bound` (nanoseconds): its percentiles searched by sample rank. */
export function countAtMost(histogram: Pick<NodeHistogram, "count" | "percentile">, bound: number): number {
  let low = 0;
  let high = histogram.count;
  while (low < high) {
    const rank = Math.ceil((low + high + 1) / 2);
    // The percentile halfway inside the rank-th sample, so rounding cannot move it to a neighbour.
    if (histogram.percentile((100 * (rank - 0.5)) / histogram.count) <= bound) low = rank;
    else high = rank - 1;
  }
  return low;
}

/**
 * `nodejs_eventloop_delay_seconds`: how late the main thread's loop ran a timer, as a Prometheus histogram (rates and
 * quantiles over any window, unlike the gauges of prom-client's own monitor, which reset at each scrape). Node's
 * monitor (perf_hooks `monitorEventLoopDelay`) records the time between its timer's runs, so each sample less the
 * timer's interval is the delay. Each scrape moves what the monitor saw since the last one into cumulative counts
 * and empties it.
 */
export function createEventLoopDelayHistogram() {
  const monitor = monitorEventLoopDelay({ resolution: resolutionMs });
  const name = "nodejs_eventloop_delay_seconds";
  const help = "How late the main thread's event loop ran a timer due every 10 ms (perf_hooks monitorEventLoopDelay).";
  const buckets = eventLoopDelayBuckets.map(() => 0);
  let count = 0;
  let sum = 0;

  function drain(): void {
    if (monitor.count === 0) return;
    const interval = resolutionMs * 1e6;
    eventLoopDelayBuckets.forEach((bound, i) => {
      buckets[i] = (buckets[i] ?? 0) + countAtMost(monitor, interval + bound * 1e9);
    });
    count += monitor.count;
    sum += (Math.max(0, monitor.mean - interval) * monitor.count) / 1e9;
    monitor.reset();
  }

  const metric = {
    name,
    help,
    type: "histogram",
    aggregator: "sum",
    get: async () => {
      drain();
      return {
        name,
        help,
        type: "histogram",
        aggregator: "sum",
        values: [
          ...eventLoopDelayBuckets.map((bound, i) => ({ metricName: `${name}_bucket`, labels: { le: bound }, value: buckets[i] ?? 0 })),
          { metricName: `${name}_bucket`, labels: { le: "+Inf" }, value: count },
          { metricName: `${name}_sum`, labels: {}, value: sum },
          { metricName: `${name}_count`, labels: {}, value: count },
        ],
      };
    },
    reset: () => undefined,
  };
  return {
    /** The metric to register: prom-client's registry formats whatever get() returns, as it does for its own. */
    metric: metric as unknown as Histogram,
    start: () => monitor.enable(),
    stop: () => monitor.disable(),
  };
}
