import { describe, expect, it } from "vitest";
import { z } from "zod/mini";
import { newConversationId } from "./conversation-id.ts";

describe("newConversationId", () => {
  it("makes version 4 uuids the server's id check takes, a different one each time", () => {
    const ids = Array.from({ length: 200 }, newConversationId);
    for (const id of ids) {
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(z.uuid().safeParse(id).success).toBe(true);
    }
    expect(new Set(ids).size).toBe(ids.length);
  });
});
