import { createClient } from "redis";
import type { Logger } from "../logger.ts";
import type { LiveStreams } from "./live-streams.ts";

const END = "end";
const STOP_CHANNEL = "thumbforge:chat:stop";
/** How long a finished answer's chunks stay readable, and the longest an answer may run. */
const LINGER_SECONDS = 30;
const MAX_ANSWER_SECONDS = 3600;
/** How often a follower looks for new chunks. */
const POLL_MS = 25;

const streamKey = (key: string) => `thumbforge:chat:live:${key}`;
const stateKey = (key: string) => `thumbforge:chat:live:${key}:state`;
/** A live answer's state is `live:<its tag>`; a finished one's is `done`. */
const LIVE = "live:";
const tagOfState = (state: string | null) => (state?.startsWith(LIVE) ? state.slice(LIVE.length) : undefined);

/**
 * Live answers in Redis, for several nodes: the node that runs an answer appends each chunk to a Redis stream; any
 * node follows it from the first entry; a stop is published to every node and the one running it aborts.
 */
export async function createRedisLiveStreams(deps: { url: string; logger: Logger }): Promise<LiveStreams> {
  const client = createClient({ url: deps.url });
  const subscriber = client.duplicate();
  for (const connection of [client, subscriber]) connection.on("error", (err: unknown) => deps.logger.warn({ err }, "redis connection error"));
  await Promise.all([client.connect(), subscriber.connect()]);
  const running = new Map<string, AbortController>();
  await subscriber.subscribe(STOP_CHANNEL, (key) => running.get(key)?.abort());

  async function drain(key: string, sse: ReadableStream<string>) {
    const reader = sse.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        await client.xAdd(streamKey(key), "*", { chunk: value });
      }
    } catch (err) {
      deps.logger.warn({ err, key }, "live answer ended early");
    } finally {
      running.delete(key);
      await client
        .multi()
        .xAdd(streamKey(key), "*", { [END]: "1" })
        .set(stateKey(key), "done", { EX: LINGER_SECONDS })
        .expire(streamKey(key), LINGER_SECONDS)
        .exec()
        .catch((err: unknown) => deps.logger.warn({ err, key }, "could not close a live answer"));
    }
  }

  return {
    async start(key, sse, stop, tag) {
      // NX: only one node runs an answer of a conversation at a time.
      const claimed = await client.set(stateKey(key), LIVE + tag, { NX: true, EX: MAX_ANSWER_SECONDS });
      if (claimed === null) {
        if (tagOfState(await client.get(stateKey(key))) !== undefined) return false;
        await client.multi().del(streamKey(key)).set(stateKey(key), LIVE + tag, { EX: MAX_ANSWER_SECONDS }).exec();
      }
      running.set(key, stop);
      void drain(key, sse);
      return true;
    },

    async follow(key) {
      if ((await client.exists(stateKey(key))) === 0) return undefined;
      let last = "0-0";
      let cancelled = false;
      return new ReadableStream<string>({
        async pull(controller) {
          while (!cancelled) {
            const entries = await client.xRange(streamKey(key), last === "0-0" ? "-" : `(${last}`, "+", { COUNT: 100 });
            if (entries.length === 0) {
              if ((await client.exists(stateKey(key))) === 0) break;
              await new Promise((resolve) => setTimeout(resolve, POLL_MS));
              continue;
            }
            for (const entry of entries) {
              last = entry.id;
              if (entry.message[END] !== undefined) {
                controller.close();
                return;
              }
              const chunk = entry.message.chunk;
              if (chunk !== undefined) controller.enqueue(chunk);
            }
            return;
          }
          controller.close();
        },
        cancel() {
          cancelled = true;
        },
      });
    },

    isLive: async (key) => tagOfState(await client.get(stateKey(key))) !== undefined,

    liveTag: async (key) => tagOfState(await client.get(stateKey(key))),

    async stop(key) {
      if (tagOfState(await client.get(stateKey(key))) === undefined) return false;
      await client.publish(STOP_CHANNEL, key);
      return true;
    },

    async close() {
      await Promise.allSettled([subscriber.quit(), client.quit()]);
    },
  };
}
