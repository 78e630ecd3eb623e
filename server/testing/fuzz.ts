import { connect } from "node:net";
import fc from "fast-check";

/**
 * Building blocks for the fuzz suites in server/fuzz/: hostile values, bodies that are wrong in exactly one
 * place (so a bad input can never be accepted by accident and change state), and a raw HTTP/1.1 sender that can
 * say what fetch refuses to (a broken Host, a megabyte of header, a body that lies about its type).
 */

/** Fixed seed and run count: every run sends the same inputs. */
export const FUZZ_SEED = 20261123;
export const RUNS_PER_TARGET = 120;

export function samples<T>(arb: fc.Arbitrary<T>, runs = RUNS_PER_TARGET, seed = FUZZ_SEED): T[] {
  return fc.sample(arb, { seed, numRuns: runs });
}

const oddities = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\u202Egnp.exe",
  "\u200B\u200D\uFEFF",
  "\uD800",
  "\uDFFF\uD800",
  "e\u0301\u0301\u0301",
  "𝕏".repeat(300),
  "../../../etc/passwd",
  "..\\..\\windows",
  "%00%2e%2e%2f",
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  "\r\nX-Injected: 1",
  "${process.env}",
  "__proto__",
  "constructor",
  "null",
  "NaN",
  "-0",
  "1e309",
];

/** Strings a client should never get a 5xx for: control characters, odd unicode, huge, path tricks. */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...oddities),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ unit: fc.integer({ min: 0, max: 31 }).map((c) => String.fromCharCode(c)), minLength: 1, maxLength: 20 }),
  fc.integer({ min: 2_001, max: 60_000 }).map((n) => "x".repeat(n)),
  fc.constantFrom(...oddities).map((s) => `prefix ${s} suffix`),
);

export const nastyNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(-1, -0, 0.5, 1e308, -1e308, 2 ** 53 + 2, 2 ** 64, 4_294_967_296, Number.MIN_VALUE),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

/** Nested arrays or objects deep enough to trip recursive code (JSON itself is fine with it). */
export const deepNesting: fc.Arbitrary<unknown> = fc.integer({ min: 50, max: 2_000 }).chain((depth) =>
  fc.constantFrom("array", "object").map((kind) => {
    let value: unknown = "bottom";
    for (let i = 0; i < depth; i++) value = kind === "array" ? [value] : { a: value };
    return value;
  }),
);

/** Any JSON value a field should not get: wrong types, arrays for objects, nesting, odd strings and numbers. */
export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  nastyString,
  nastyNumber,
  fc.constantFrom(null, true, false, [], {}),
  fc.array(nastyString, { maxLength: 5 }),
  fc.dictionary(fc.constantFrom("__proto__", "constructor", "a", "0", ""), nastyString, { maxKeys: 3 }),
  deepNesting,
);

const extraFields = fc.dictionary(fc.constantFrom("__proto__", "constructor", "isAdmin", "credits", "userId", "id", "x"), nastyValue, { maxKeys: 3 });

/**
 * JSON bodies for an endpoint whose valid body is `valid`: each breaks exactly one thing (a top-level value that
 * is no object, one required field missing, or one field given a value from `breakers`), sometimes with extras.
 */
export function badJsonBodies(valid: Record<string, unknown>, breakers: Record<string, fc.Arbitrary<unknown>>, required: string[]): fc.Arbitrary<unknown> {
  const broken = Object.entries(breakers).map(([field, arb]) =>
    fc.tuple(arb, fc.option(extraFields, { nil: undefined })).map(([value, extra]) => ({ ...extra, ...valid, [field]: value })),
  );
  const missing = required.map((field) =>
    fc.option(extraFields, { nil: undefined }).map((extra) => {
      const copy: Record<string, unknown> = { ...extra, ...valid };
      delete copy[field];
      return copy;
    }),
  );
  const notAnObject = fc.oneof(nastyString, nastyNumber, fc.constantFrom(null, true, []), fc.array(fc.constant(valid), { minLength: 1, maxLength: 3 }), deepNesting);
  return fc.oneof({ weight: 4, arbitrary: fc.oneof(...broken) }, { weight: 1, arbitrary: missing.length ? fc.oneof(...missing) : notAnObject }, { weight: 2, arbitrary: notAnObject });
}

export interface RawRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer | string | undefined;
}

/** Bodies that are not the JSON they claim to be, or JSON under the wrong type. */
export function badRawBodies(valid: Record<string, unknown>): fc.Arbitrary<{ contentType: string; body: string | Buffer }> {
  const json = JSON.stringify(valid);
  return fc.oneof(
    fc.constantFrom("{", "}", "[", '{"email":', "nul", "undefined", "{'a':1}", `${json}${json}`, "\u0000", "\uFEFF{}", '{"a":1,}', "[]]").map((body) => ({ contentType: "application/json", body })),
    nastyString.map((body) => ({ contentType: "application/json", body })),
    fc.constantFrom("text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/xml", "application/json; charset=utf-16", "application/json; charset=nonsense", "image/png", "", "*/*", "application/json\u00ff").map((contentType) => ({ contentType, body: json })),
    fc.integer({ min: 110_000, max: 400_000 }).map((n) => ({ contentType: "application/json", body: JSON.stringify({ ...valid, pad: "x".repeat(n) }) })),
  );
}

/** Header values the HTTP grammar allows but no real client sends: garbage tokens, cookies and languages. */
export const garbageHeaderValue: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 200 }),
  fc.string({ unit: fc.integer({ min: 0x80, max: 0xff }).map((c) => String.fromCharCode(c)), minLength: 1, maxLength: 40 }),
  fc.constantFrom("session=", "session=;session=x", "__Host-session=" + "A".repeat(4_000), "a".repeat(7_000), "Bearer null", "%00", "\u00ff\u00fe"),
);

export interface RawResponse {
  status: number;
  text: string;
}

/**
 * Sends one request byte for byte over a fresh connection (Connection: close) and reads the whole answer.
 * Status 0 means the server closed without answering (or did not answer within 20 s).
 */
export function sendRaw(baseUrl: string, req: RawRequest): Promise<RawResponse> {
  const { hostname, port } = new URL(baseUrl);
  const body = req.body === undefined ? undefined : Buffer.isBuffer(req.body) ? req.body : Buffer.from(req.body, "utf8");
  const headers: Record<string, string> = { host: `${hostname}:${port}`, connection: "close", ...req.headers };
  if (body !== undefined && !("content-length" in headers) && !("transfer-encoding" in headers)) headers["content-length"] = String(body.length);
  const head = `${req.method} ${req.path} HTTP/1.1\r\n${Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join("")}\r\n`;
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    let settled = false;
    const finish = () => {
      if (settled) return;
      settled = true;
      const text = Buffer.concat(chunks).toString("latin1");
      resolve({ status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1] ?? 0), text });
    };
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("end", finish);
    socket.on("close", finish);
    // A reset after the server answered early (413, 415) still leaves its answer in `chunks`.
    socket.on("error", finish);
    // No half-close: a server may drop a request whose client stopped sending before it answered.
    socket.setTimeout(20_000, () => {
      chunks.push(Buffer.from("\n(no answer in 20 s)"));
      socket.destroy();
    });
    socket.write(Buffer.from(head, "latin1"));
    if (body !== undefined) socket.write(body);
  });
}

export interface FuzzFailure {
  target: string;
  input: string;
  /** 0 when the connection closed without an answer. */
  status: number;
  stackLeaked: boolean;
}

/** Counts inputs per target and keeps every answer that is a 5xx, a dropped connection or a leaked stack. */
export function createFuzzLog() {
  const counts = new Map<string, number>();
  const failures: FuzzFailure[] = [];
  return {
    counts,
    failures,
    record(target: string, input: unknown, res: RawResponse): void {
      counts.set(target, (counts.get(target) ?? 0) + 1);
      const leaked = /\n\s+at .+\(?(?:file:|\/)[^)]*:\d+:\d+/.test(res.text) || res.text.includes("node_modules");
      if (res.status === 0 || res.status >= 500 || leaked) failures.push({ target, input: describeInput(input), status: res.status, stackLeaked: leaked });
    },
    count(target: string, n = 1): void {
      counts.set(target, (counts.get(target) ?? 0) + n);
    },
    /** One line per failure, for an assertion that shows them all. */
    failureLines(): string[] {
      return failures.map((f) => `${f.status === 0 ? "no answer" : f.status}${f.stackLeaked ? " + stack trace" : ""} ← ${f.input}`);
    },
    summary(): string {
      const total = [...counts.values()].reduce((a, b) => a + b, 0);
      const lines = [...counts.entries()].map(([t, n]) => `  ${t}: ${n}`);
      return `${total} fuzz inputs, ${failures.length} failures\n${lines.join("\n")}`;
    },
  };
}

export type FuzzLog = ReturnType<typeof createFuzzLog>;

function describeInput(input: unknown): string {
  // Head and tail: the field that broke a request often sits after a long one.
  const clip = (text: string, n: number, tail = 0) => (text.length > n ? `${text.slice(0, n)}… (${text.length} chars)${tail ? ` …${text.slice(-tail)}` : ""}` : text);
  if (input && typeof input === "object" && "method" in input && "path" in input) {
    const req = input as RawRequest;
    const headers = Object.entries(req.headers).map(([k, v]) => `${k}: ${clip(JSON.stringify(v), 40)}`);
    const body = req.body === undefined ? "" : ` body ${clip(JSON.stringify(req.body.toString()), 100, 80)}`;
    return `${req.method} ${clip(req.path, 100)} [${headers.join("; ")}]${body}`;
  }
  let text: string;
  try {
    text = JSON.stringify(input) ?? String(input);
  } catch {
    text = String(input);
  }
  return clip(text, 160);
}

export const nonString: fc.Arbitrary<unknown> = nastyValue.filter((v) => typeof v !== "string");

/** Values that are no e-mail address: anything without an @, plus addresses with a NUL byte inside. */
export const notAnEmail: fc.Arbitrary<unknown> = fc.oneof(
  nastyValue.filter((v) => typeof v !== "string" || !v.includes("@")),
  fc.constantFrom("a\u0000@example.com", "fuzz@exa\u0000mple.com", "\u0000@\u0000", `${"a".repeat(300)}@example.com`, "@", "a@", "@b.c"),
);

/** Requests to `path` with one-place-wrong JSON bodies or lying raw bodies, under the given auth headers. */
export function jsonRequests(
  method: string,
  path: string,
  body: { valid: Record<string, unknown>; breakers: Record<string, fc.Arbitrary<unknown>>; required: string[] },
  auth: fc.Arbitrary<Record<string, string>>,
): fc.Arbitrary<RawRequest> {
  const asJson = badJsonBodies(body.valid, body.breakers, body.required).map((value) => ({ contentType: "application/json", body: JSON.stringify(value) ?? "" }));
  return fc
    .tuple(fc.oneof({ weight: 3, arbitrary: asJson }, { weight: 1, arbitrary: badRawBodies(body.valid) }), auth)
    .map(([{ contentType, body: text }, headers]) => ({ method, path, headers: { ...headers, ...(contentType ? { "content-type": contentType } : {}) }, body: text }));
}

/** Session headers: mostly the given good ones (so validation is reached), else garbage tokens, cookies or none. */
export function authHeaders(good: Record<string, string> | undefined): fc.Arbitrary<Record<string, string>> {
  const bad = fc.oneof(
    garbageHeaderValue.map((v) => ({ "x-session-token": v })),
    garbageHeaderValue.map((v) => ({ cookie: `session=${v}` })),
    garbageHeaderValue.map((v) => ({ cookie: v })),
    fc.constant({}),
  );
  return good ? fc.oneof({ weight: 4, arbitrary: fc.constant(good) }, { weight: 1, arbitrary: bad }) : bad;
}

/** A path segment: URL-encoded hostile strings, random uuids and a few raw tricks. */
export const badSegment: fc.Arbitrary<string> = fc.oneof(
  nastyString.filter((s) => s.length < 5_000).map((s) => encodeURIComponent(s.replace(/[\uD800-\uDFFF]/g, "\uFFFD"))),
  fc.uuid().map((u) => u),
  fc.constantFrom("..", "%2e%2e", "%00", "%", "%zz", "00000000-0000-0000-0000-000000000000", "ffffffff-ffff-ffff-ffff-ffffffffffff", "1", "-1", "null", "undefined", "%C0%AF", "%ED%A0%80"),
);

/** Sends every request in order and records each answer. */
export async function sendAll(baseUrl: string, log: FuzzLog, target: string, requests: RawRequest[]): Promise<void> {
  for (const req of requests) log.record(target, req, await sendRaw(baseUrl, req));
}
