import { Writable } from "node:stream";
import { DiscordAPIError } from "discord.js";
import { describe, expect, it } from "vitest";
import { createLogger } from "./logger.ts";

/** The real logger writing its lines to memory. */
function memoryLogger() {
  let written = "";
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      written += chunk.toString("utf8");
      done();
    },
  });
  return { logger: createLogger({ logLevel: "info", isProduction: true }, stream), text: () => written };
}

const token = "aW50ZXJhY3Rpb246MTIzNDU2Nzg5MDEyMzQ1Njc4OmxpdmUtc2VjcmV0";
const png = Buffer.concat([Buffer.from("\x89PNG\r\n\x1a\n", "latin1"), Buffer.from("SECRET-PIXELS-".repeat(20))]);

describe("the logger", () => {
  it("logs a refused Discord follow-up by status, code and message, never its token or the images' bytes", () => {
    const { logger, text } = memoryLogger();
    const err = new DiscordAPIError(
      { message: "Unknown Webhook", code: 10015 },
      10015,
      404,
      "POST",
      `https://discord.com/api/v10/webhooks/333333333333333333/${token}?wait=true`,
      { body: { content: "<@1> here it is" }, files: [{ name: "thumbnail.png", data: png, contentType: "image/png" }] },
    );
    logger.warn({ err }, "the follow-up was refused");
    logger.error({ err: new Error("job failed", { cause: err }) }, "job failed");
    logger.error({ err: Object.assign(new Error("callback refused"), { url: `/api/v10/interactions/444444444444444444/${token}/callback`, bytes: png }) }, "x");
    const out = text();
    expect(out).not.toContain(token);
    expect(out).not.toContain("SECRET-PIXELS");
    expect(out).not.toContain("requestBody");
    const [first] = out.trim().split("\n").map((line) => JSON.parse(line) as { err: Record<string, unknown> });
    expect(first?.err).toMatchObject({ type: "DiscordAPIError", message: "Unknown Webhook", status: 404, method: "POST", url: "https://discord.com/api/v10/webhooks/333333333333333333/[Redacted]?wait=true" });
    expect(out).toContain("/interactions/444444444444444444/[Redacted]/callback");
  });

  it("keeps an ordinary error's message and stack", () => {
    const { logger, text } = memoryLogger();
    logger.error({ err: new Error("the database is gone") }, "boom");
    const line = JSON.parse(text()) as { err: { message: string; stack: string } };
    expect(line.err.message).toBe("the database is gone");
    expect(line.err.stack).toContain("logger.test.ts");
  });
});
