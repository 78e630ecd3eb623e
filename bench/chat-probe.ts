// Where a chat answer's first byte goes, inside the server: the bench's requests carry an x-request-id of their own,
// and the services the route calls are wrapped to stamp the moment each step ends for that request (the request's id
// is in its async context, server/request-context.ts). Bench-only: the app runs in this process.
import type { ServerResponse } from "node:http";
import type { RunningNode } from "../server/compose/start-node.ts";
import { currentContext } from "../server/request-context.ts";
import { median } from "./lib.ts";

const steps = ["arrived", "handler", "session", "conversation", "stream", "firstWrite"] as const;
type Step = (typeof steps)[number];

const labels: Record<Exclude<Step, "arrived">, string> = {
  handler: "Express: middleware, routing and the JSON body, up to the session lookup",
  session: "session lookup (PostgreSQL)",
  conversation: "conversation read beside it, beyond the session (PostgreSQL)",
  stream: "busy check and the answer's stream set up (live streams)",
  firstWrite: "first chunk through the stream to the socket",
};

export interface ChatProbe {
  /** Rows of the breakdown: each step's median, in ms, over the requests whose id starts with `prefix`. */
  rows(prefix: string): { step: string; p50: number }[];
  /** Medians of the whole server-side span (arrival to the first write). */
  total(prefix: string): number;
}

export function probeChat(app: RunningNode): ChatProbe {
  const stamps = new Map<string, Partial<Record<Step, number>>>();
  const stamp = (id: string | undefined, step: Step) => {
    if (!id?.startsWith("bench-")) return;
    const times = stamps.get(id) ?? {};
    times[step] ??= performance.now();
    stamps.set(id, times);
  };
  const inRequest = (step: Step) => stamp(currentContext()?.requestId, step);

  app.http.prependListener("request", (req, res: ServerResponse) => {
    const id = req.headers["x-request-id"];
    if (typeof id !== "string" || !id.startsWith("bench-")) return;
    stamp(id, "arrived");
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    res.write = ((...args: unknown[]) => {
      stamp(id, "firstWrite");
      return write(...args);
    }) as typeof res.write;
  });

  const { sessions, chat, chatTurns } = app.services;
  const validate = sessions.validate.bind(sessions);
  sessions.validate = async (token) => {
    inRequest("handler");
    const session = await validate(token);
    inRequest("session");
    return session;
  };
  const ownedByPending = chat.ownedByPending.bind(chat);
  chat.ownedByPending = (async (user: Promise<{ id: string }>, id: string) => {
    const result = await ownedByPending(user, id);
    inRequest("conversation");
    return result;
  }) as typeof chat.ownedByPending;
  const start = chatTurns.start.bind(chatTurns);
  chatTurns.start = async (session, request) => {
    const stream = await start(session, request);
    inRequest("stream");
    return stream;
  };

  const complete = (prefix: string) =>
    [...stamps].filter(([id, times]) => id.startsWith(prefix) && steps.every((step) => times[step] !== undefined)).map(([, times]) => times as Record<Step, number>);
  return {
    rows(prefix) {
      const done = complete(prefix);
      return steps.slice(1).map((step, i) => ({
        step: labels[step as Exclude<Step, "arrived">],
        p50: median(done.map((t) => Math.max(0, t[step] - Math.max(...steps.slice(0, i + 1).map((s) => t[s]))))),
      }));
    },
    total: (prefix) => median(complete(prefix).map((t) => t.firstWrite - t.arrived)),
  };
}
