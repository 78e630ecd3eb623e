import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imageResponseSchema } from "../../contract/images.ts";
import { endEarlyBird, generate, settled } from "../testing/images.ts";
import { signInByCode } from "../testing/sign-in.ts";
import { startTestServer, type TestServer } from "../testing/test-server.ts";

// Free (headline-only) edits cost no credit, so a rule of their own bounds them, whichever path queues one
// (docs/decisions/038-headline-edits-are-free.md).
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: { FREE_SIGNUP_CREDITS: "20", FREE_EDITS_PER_USER_PER_HOUR: "2" } });
  await endEarlyBird(server);
});
afterAll(async () => server?.close());

describe("free edits", () => {
  it("are refused past FREE_EDITS_PER_USER_PER_HOUR with rate_limited:free-edit, while a paid edit still goes through", async () => {
    const { user, sessionToken } = await signInByCode(server, "free-edit-limit@example.com");
    const res = await generate(server, sessionToken, { prompt: 'thumbnail "100 DAYS OF CODING"' });
    const parent = imageResponseSchema.parse(await res.json()).image.id;
    expect((await settled(server, sessionToken, parent)).status).toBe("ready");
    const headline = (headlineColor: string) => server.services.generation.requestEdit(user.id, { imageId: parent, instruction: "headline colour", changes: { headlineColor } });

    for (const colour of ["#ffd60a", "#e63946"]) expect(await headline(colour)).toMatchObject({ kind: "queued", image: { creditsSpent: 0 } });
    await expect(headline("#2a9d8f")).rejects.toMatchObject({ code: "rate_limited:free-edit", status: 429 });

    const paid = await server.services.generation.requestEdit(user.id, { imageId: parent, instruction: "red background", changes: { backgroundColor: "#e63946" } });
    expect(paid).toMatchObject({ kind: "queued", image: { creditsSpent: 1 } });
  });
});
