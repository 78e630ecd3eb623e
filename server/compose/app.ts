import type { Server as HttpServer } from "node:http";
import type { Config } from "../config.ts";
import { createEmitOnlySocketServer, hearOtherNodes, socketDeliverer } from "../http/socket-server.ts";
import { startUploadTempSweep } from "./housekeeping.ts";
import { createHttp, type HttpDoor, type HttpOptions } from "./http.ts";
import { createProbeHttp } from "./probe-http.ts";
import { createServices, type ServiceDeps, type Services } from "./services.ts";
import { createWorker, type Worker, type WorkerOptions } from "./worker.ts";

export type Role = Config["role"];
export type AppDeps = ServiceDeps & HttpOptions & WorkerOptions;

/** One process's parts for its role: the services always, the web door and the worker as the role asks. */
export interface App {
  services: Services;
  role: Role;
  /** The web door, when this process serves HTTP (roles all and web). */
  web: HttpDoor | undefined;
  /** The job worker, when this process runs jobs (roles all and worker). */
  worker: Worker | undefined;
  /** The HTTP server to listen on: the web door's, or a worker's health probes. */
  http: HttpServer;
  /** Starts background work (jobs, housekeeping); call once the server listens. */
  startBackground(): Promise<void>;
  /** Drains and stops: hands running jobs back, closes sockets and HTTP; call before closing the database. */
  stop(): Promise<void>;
}

/** Composes a process: `ROLE=all` (one process, the default) is both doors over one set of services. */
export function createApp(deps: AppDeps): App {
  const services = createServices(deps);
  const role = deps.config.role;
  const web = role === "worker" ? undefined : createHttp(services, deps);
  const worker = role === "web" ? undefined : createWorker(services, deps);
  // Every process answers on PORT: the site, or a worker's health probes and metrics.
  const door = web ?? createProbeHttp(services);
  // A worker's events reach the web nodes' sockets and every node's listeners through the cross-node adapter; it
  // hears theirs the same way.
  const emitOnly = !web && deps.crossNode ? createEmitOnlySocketServer(deps.crossNode) : undefined;
  const stopEmitting = emitOnly ? services.realtime.subscribe(socketDeliverer(emitOnly, true)) : undefined;
  if (emitOnly && deps.crossNode) hearOtherNodes(emitOnly, services.realtime, deps.crossNode);
  let stopTempSweep: (() => void) | undefined;
  let stopping: Promise<void> | undefined;
  return {
    services,
    role,
    web,
    worker,
    http: door.http,
    async startBackground() {
      await worker?.start();
      if (web) stopTempSweep = startUploadTempSweep({ uploadTempDir: deps.config.uploads.tempDir, logger: services.logger, clock: services.clock });
    },
    stop() {
      stopping ??= (async () => {
        stopTempSweep?.();
        // Jobs first: a job handed back mid-way still announces it, through sockets that are still open.
        await worker?.stop();
        await door.close();
        stopEmitting?.();
        // Not emitOnly.close(): without an HTTP server it has no engine to close. Its adapter is all it holds.
        await emitOnly?.of("/").adapter.close();
        await services.close();
      })();
      return stopping;
    },
  };
}
