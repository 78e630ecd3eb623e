import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { JobCount } from "../jobs/job-type.ts";
import type { Logger } from "../logger.ts";
import { createEventLoopDelayHistogram } from "./event-loop-delay.ts";

/*
 * One registry per process, passed around (never prom-client's global one), so two apps in one test process never
 * share a series. Names carry no prefix, like prom-client's process metrics beside them: a scrape config's `job`
 * label says which service they are.
 */

/** How a job's run ended: finished, failed (and undone), handed back at shutdown, or lost its lease to another worker. */
export type JobOutcome = "done" | "failed" | "released" | "lost";

/** What credits are charged and refunded for; anything else counts as `other`, so the label set stays bounded. */
export const creditWork = ["generate", "pack", "edit", "replace-subject", "other"] as const;
export type CreditWork = (typeof creditWork)[number];

/** A model id as a label: ids are short slugs (contract/models.ts); anything else is `other`, a payload without one `none`. */
function modelLabel(payload: unknown): string {
  const model = typeof payload === "object" && payload !== null && "model" in payload ? payload.model : undefined;
  if (model === undefined) return "none";
  return typeof model === "string" && /^[a-z0-9][a-z0-9.-]{0,47}$/.test(model) ? model : "other";
}

const workLabel = (kind: string): CreditWork => ((creditWork as readonly string[]).includes(kind) ? (kind as CreditWork) : "other");

export function createMetrics(deps: { logger: Logger }) {
  const registry = new Registry();
  const registers = [registry];
  let queueDepth: (() => Promise<JobCount[]>) | undefined;
  let connectedSockets: (() => number) | undefined;
  let processMetrics = false;
  const eventLoopDelay = createEventLoopDelayHistogram();

  const httpRequestDuration = new Histogram({
    name: "http_request_duration_seconds",
    help: "HTTP requests by method, route pattern and status code.",
    labelNames: ["method", "route", "status_code"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const jobDuration = new Histogram({
    name: "job_duration_seconds",
    help: "Background jobs run by this process, by kind, model and outcome.",
    labelNames: ["kind", "model", "outcome"] as const,
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300],
    registers,
  });
  // The two gauges are read only by their registry, at scrape time, through collect().
  new Gauge({
    name: "job_queue_depth",
    help: "Jobs waiting (queued) and running, by kind, in the shared jobs table: every node reports the same numbers.",
    labelNames: ["kind", "status"] as const,
    registers,
    // Read at scrape time; a database that cannot answer leaves the series out rather than failing the scrape.
    async collect() {
      this.reset();
      if (!queueDepth) return;
      try {
        for (const row of await queueDepth()) this.set({ kind: row.kind, status: row.status }, row.count);
      } catch (err) {
        deps.logger.warn({ err }, "job queue depth could not be read for /metrics");
      }
    },
  });
  new Gauge({
    name: "socketio_connected_sockets",
    help: "Socket.IO connections open on this process.",
    registers,
    collect() {
      this.set(connectedSockets?.() ?? 0);
    },
  });
  const connectionsRefused = new Counter({
    name: "http_connections_refused_total",
    help: "Connections (or, behind trusted proxies, requests) refused because their client already held MAX_CONNECTIONS_PER_IP.",
    registers,
  });
  const creditsCharged = new Counter({
    name: "credits_charged_total",
    help: "Credits charged for work, by what the work was.",
    labelNames: ["kind"] as const,
    registers,
  });
  const creditsRefunded = new Counter({
    name: "credits_refunded_total",
    help: "Credits given back for work that failed, by what the work was.",
    labelNames: ["kind"] as const,
    registers,
  });
  // Every series exists from the start at 0, so rate() sees the first charge.
  for (const kind of creditWork) {
    creditsCharged.labels(kind).inc(0);
    creditsRefunded.labels(kind).inc(0);
  }

  const cpuCounter = (name: string) => registry.getSingleMetric(name) as Counter | undefined;

  return {
    httpRequestDuration,
    connectionRefused: () => connectionsRefused.inc(),
    creditsCharged: (credits: number, kind: CreditWork) => {
      if (credits > 0) creditsCharged.labels(workLabel(kind)).inc(credits);
    },
    /** `kind`: the job's kind, or `pack` for a pack's image. */
    creditsRefunded: (credits: number, kind: string) => {
      if (credits > 0) creditsRefunded.labels(workLabel(kind)).inc(credits);
    },
    jobFinished(job: { kind: string; payload: unknown }, outcome: JobOutcome, seconds: number): void {
      jobDuration.observe({ kind: job.kind, model: modelLabel(job.payload), outcome }, seconds);
    },
    /** Where the queue depth is read at each scrape (the services, which hold the queue and the database). */
    countJobsWith(source: () => Promise<JobCount[]>): void {
      queueDepth = source;
    },
    /** Where this process's open sockets are counted at each scrape (the web door). */
    countSocketsWith(source: () => number): void {
      connectedSockets = source;
    },
    /**
     * The exposition text. prom-client's process metrics (CPU, memory, event-loop lag, GC) and the event-loop delay
     * histogram start with the first scrape: each set holds a GC observer and an event-loop monitor, which a process
     * nobody scrapes (the bot, a script, each app a test starts) should not pay for.
     */
    async scrape(): Promise<string> {
      if (!processMetrics) {
        processMetrics = true;
        const before = process.cpuUsage();
        collectDefaultMetrics({ register: registry });
        // prom-client counts CPU from when its counters are made; these are totals since the process started.
        cpuCounter("process_cpu_user_seconds_total")?.inc(before.user / 1e6);
        cpuCounter("process_cpu_system_seconds_total")?.inc(before.system / 1e6);
        cpuCounter("process_cpu_seconds_total")?.inc((before.user + before.system) / 1e6);
        registry.registerMetric(eventLoopDelay.metric);
        eventLoopDelay.start();
      }
      return registry.metrics();
    },
    contentType: registry.contentType,
    /** Stops the event-loop monitor (the process metrics' own one lives as long as the process). */
    close: () => eventLoopDelay.stop(),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
