import type { Config } from "../config.ts";
import { startUploadTempSweep } from "./housekeeping.ts";
import { createHttp, type HttpDoor, type HttpOptions } from "./http.ts";
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
  /** Starts background work (jobs, housekeeping); call once the server listens. */
  startBackground(): Promise<void>;
  /** Stops background work and closes the web door; call before closing the database. */
  stop(): Promise<void>;
}

/** Composes a process: `ROLE=all` (one process, the default) is both doors over one set of services. */
export function createApp(deps: AppDeps): App {
  const services = createServices(deps);
  const role = deps.config.role;
  const web = role === "worker" ? undefined : createHttp(services, deps);
  const worker = role === "web" ? undefined : createWorker(services, deps);
  let stopTempSweep: (() => void) | undefined;
  let stopping: Promise<void> | undefined;
  return {
    services,
    role,
    web,
    worker,
    async startBackground() {
      await worker?.start();
      if (web) stopTempSweep = startUploadTempSweep({ uploadTempDir: deps.config.uploads.tempDir, logger: services.logger, clock: services.clock });
    },
    stop() {
      stopping ??= (async () => {
        stopTempSweep?.();
        await worker?.stop();
        await web?.close();
        await services.close();
      })();
      return stopping;
    },
  };
}
