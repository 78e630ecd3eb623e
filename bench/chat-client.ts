// The chat bench's client, run in a worker thread: its requests and stream reading use a thread of their own, so the
// figures are the server's, not a client sharing its event loop.
import { parentPort, workerData } from "node:worker_threads";

export interface ChatClientTask {
  base: string;
  chatToken: string;
  conversationIds: string[];
  concurrent: number;
  listToken: string;
  listRequests: number;
}

export interface ChatClientTimes {
  chat: number[];
  health: number[];
  listOneAtATime: number[];
  healthOneAtATime: number[];
  listConcurrent: number[];
}

/** Milliseconds from sending the request to the first body bytes; the rest of the body is read and dropped. */
async function firstByte(url: string, init: RequestInit = {}): Promise<number> {
  const started = performance.now();
  const res = await fetch(url, init);
  const reader = res.body?.getReader();
  const first = await reader?.read();
  const elapsed = performance.now() - started;
  if (res.status !== 200 || !first || first.done) throw new Error(`${url} answered ${res.status}`);
  while (!(await reader?.read())?.done);
  return elapsed;
}

async function run(task: ChatClientTask): Promise<ChatClientTimes> {
  const times: ChatClientTimes = { chat: [], health: [], listOneAtATime: [], healthOneAtATime: [], listConcurrent: [] };
  const chatHeaders = { "x-session-token": task.chatToken, "content-type": "application/json" };
  const listInit = { headers: { "x-session-token": task.listToken } };
  for (let round = 0; round * task.concurrent < task.conversationIds.length; round++) {
    const batch = task.conversationIds.slice(round * task.concurrent, (round + 1) * task.concurrent);
    const chats = batch.map((id, i) =>
      firstByte(`${task.base}/api/chat`, {
        method: "POST",
        // The server-side breakdown (bench/chat-probe.ts) follows each request by its id; the first round warms up.
        headers: { ...chatHeaders, "x-request-id": `bench-${round === 0 ? "warm" : "chat"}-${round}-${i}` },
        // Answered in words only (no image is made): the figure is the assistant and the stream, not Studio.
        body: JSON.stringify({ id, message: { id: `bench-${round}-${i}`, role: "user", parts: [{ type: "text", text: "What can you do?" }] } }),
      }),
    );
    times.chat.push(...(await Promise.all(chats)));
    times.health.push(...(await Promise.all(batch.map(() => firstByte(`${task.base}/api/health`)))));
  }
  // One request at a time: what the server takes per request. Then 20 at once: the same under load.
  for (let i = 0; i < task.listRequests; i++) {
    times.listOneAtATime.push(await firstByte(`${task.base}/api/conversations`, listInit));
    times.healthOneAtATime.push(await firstByte(`${task.base}/api/health`));
  }
  for (let i = 0; i < task.listRequests / 20; i++) {
    times.listConcurrent.push(...(await Promise.all(Array.from({ length: 20 }, () => firstByte(`${task.base}/api/conversations`, listInit)))));
  }
  return times;
}

if (parentPort) parentPort.postMessage(await run(workerData as ChatClientTask));
