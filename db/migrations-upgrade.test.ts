import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterEach, describe, expect, it } from "vitest";
import { migrationsFolder, pgliteExtensions } from "./open-db.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The committed migrations up to and including `lastTag`, as a folder the migrator reads. */
function migrationsUpTo(lastTag: string): string {
  const dir = mkdtempSync(join(tmpdir(), "tf-migrations-"));
  dirs.push(dir);
  cpSync(migrationsFolder, dir, { recursive: true });
  const journalPath = join(dir, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
  const end = journal.entries.findIndex((e) => e.tag === lastTag);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, end + 1) }));
  return dir;
}

describe("numbering chat messages from a sequence", () => {
  it("keeps stored threads in order and numbers new messages after every stored one", async () => {
    const client = new PGlite({ extensions: pgliteExtensions });
    const db = drizzle({ client });
    try {
      await migrate(db, { migrationsFolder: migrationsUpTo("0009_conversations") });
      const [user] = (await client.query<{ id: string }>("insert into users (email) values ('old@example.com') returning id")).rows;
      const [conversation] = (await client.query<{ id: string }>("insert into conversations (user_id, title) values ($1, 'old') returning id", [user?.id])).rows;
      for (const [id, position] of [["a", 0], ["b", 1], ["c", 7]] as const) {
        await client.query("insert into chat_messages (id, conversation_id, position, role, parts) values ($1, $2, $3, 'user', '[]')", [id, conversation?.id, position]);
      }

      await migrate(db, { migrationsFolder });
      await client.query("insert into chat_messages (id, conversation_id, role, parts) values ('d', $1, 'assistant', '[]')", [conversation?.id]);
      const thread = (await client.query<{ id: string }>("select id from chat_messages where conversation_id = $1 order by position", [conversation?.id])).rows;
      expect(thread.map((r) => r.id)).toEqual(["a", "b", "c", "d"]);
    } finally {
      await client.close();
    }
  });

  it("starts at 1 on an empty table", async () => {
    const client = new PGlite({ extensions: pgliteExtensions });
    try {
      await migrate(drizzle({ client }), { migrationsFolder });
      const [user] = (await client.query<{ id: string }>("insert into users (email) values ('new@example.com') returning id")).rows;
      const [conversation] = (await client.query<{ id: string }>("insert into conversations (user_id, title) values ($1, 'new') returning id", [user?.id])).rows;
      const [row] = (await client.query<{ position: number }>("insert into chat_messages (id, conversation_id, role, parts) values ('x', $1, 'user', '[]') returning position", [conversation?.id])).rows;
      expect(Number(row?.position)).toBe(1);
    } finally {
      await client.close();
    }
  });
});

describe("linking the chat's images to their conversations", () => {
  it("fills in the words of stored conversations and the conversation of each image a stored answer showed", async () => {
    const client = new PGlite({ extensions: pgliteExtensions });
    const db = drizzle({ client });
    try {
      await migrate(db, { migrationsFolder: migrationsUpTo("0017_idempotency-keys") });
      const insertUser = async (email: string) => (await client.query<{ id: string }>("insert into users (email) values ($1) returning id", [email])).rows[0]?.id;
      const [owner, stranger] = [await insertUser("old.chat@example.com"), await insertUser("stranger@example.com")];
      const conversation = (await client.query<{ id: string }>("insert into conversations (user_id, title) values ($1, 'Pasta') returning id", [owner])).rows[0]?.id;
      const image = async (userId: string | undefined, kind: string) =>
        (await client.query<{ id: string }>("insert into images (user_id, kind, status) values ($1, $2, 'ready') returning id", [userId, kind])).rows[0]?.id;
      const [made, edit, editorSave, theirs] = [await image(owner, "generated"), await image(owner, "edited"), await image(owner, "edited"), await image(stranger, "generated")];
      const said = (text: string) => JSON.stringify([{ type: "text", text }, { type: "file", url: "x" }]);
      const answered = (ids: (string | undefined)[]) =>
        JSON.stringify([{ type: "text", text: "zebra" }, { type: "tool-generateThumbnail", state: "output-available", output: { images: ids.map((id) => ({ id })) } }]);
      const messages: [string, string, string][] = [
        ["u1", "user", said("a saffron headline")],
        ["a1", "assistant", answered([made, theirs])],
        ["u2", "user", said("now yellow")],
        ["a2", "assistant", answered([edit, made])],
      ];
      for (const [id, role, parts] of messages) {
        await client.query("insert into chat_messages (id, conversation_id, role, parts) values ($1, $2, $3, $4)", [id, conversation, role, parts]);
      }

      await migrate(db, { migrationsFolder });
      const words = (await client.query<{ user_words: string }>("select user_words from conversations where id = $1", [conversation])).rows[0]?.user_words;
      expect(words).toBe("a saffron headline now yellow");
      const links = (await client.query<{ id: string; conversation_id: string | null }>("select id, conversation_id from images")).rows;
      const linkOf = (id: string | undefined) => links.find((row) => row.id === id)?.conversation_id;
      expect([linkOf(made), linkOf(edit)]).toEqual([conversation, conversation]);
      // An editor save stays unlinked, and another user's image is never tied to your conversation.
      expect([linkOf(editorSave), linkOf(theirs)]).toEqual([null, null]);
    } finally {
      await client.close();
    }
  });
});

describe("branching conversations", () => {
  it("links each stored message to the one before it and shows the last as the branch of each conversation", async () => {
    const client = new PGlite({ extensions: pgliteExtensions });
    const db = drizzle({ client });
    try {
      await migrate(db, { migrationsFolder: migrationsUpTo("0018_chat_images_search") });
      const [user] = (await client.query<{ id: string }>("insert into users (email) values ('threads@example.com') returning id")).rows;
      const conversation = async (title: string) => (await client.query<{ id: string }>("insert into conversations (user_id, title) values ($1, $2) returning id", [user?.id, title])).rows[0]?.id;
      const [pasta, gaming, empty] = [await conversation("Pasta"), await conversation("Gaming"), await conversation("")];
      // Interleaved, as two conversations written at once are.
      for (const [id, conversationId, role] of [["u1", pasta, "user"], ["g1", gaming, "user"], ["a1", pasta, "assistant"], ["u2", pasta, "user"], ["g2", gaming, "assistant"]] as const) {
        await client.query("insert into chat_messages (id, conversation_id, role, parts) values ($1, $2, $3, '[]')", [id, conversationId, role]);
      }

      await migrate(db, { migrationsFolder });
      const parents = (await client.query<{ id: string; parent_id: string | null }>("select id, parent_id from chat_messages order by position")).rows;
      expect(parents).toEqual([
        { id: "u1", parent_id: null },
        { id: "g1", parent_id: null },
        { id: "a1", parent_id: "u1" },
        { id: "u2", parent_id: "a1" },
        { id: "g2", parent_id: "g1" },
      ]);
      const leaves = (await client.query<{ id: string; active_message_id: string | null }>("select id, active_message_id from conversations")).rows;
      const leafOf = (id: string | undefined) => leaves.find((row) => row.id === id)?.active_message_id;
      expect([leafOf(pasta), leafOf(gaming), leafOf(empty)]).toEqual(["u2", "g2", null]);
    } finally {
      await client.close();
    }
  });
});

describe("the search index", () => {
  it("indexes what is already stored: conversations, their messages' text, finished listed images with their conversation's words, personas", async () => {
    const client = new PGlite({ extensions: pgliteExtensions });
    const db = drizzle({ client });
    try {
      await migrate(db, { migrationsFolder: migrationsUpTo("0023_compare_style_kits_shares") });
      const [user] = (await client.query<{ id: string }>("insert into users (email) values ('stored@example.com') returning id")).rows;
      const [chat] = (await client.query<{ id: string }>("insert into conversations (user_id, title, user_words) values ($1, 'Pasta night', 'make it saffron') returning id", [user?.id])).rows;
      const parts = JSON.stringify([{ type: "text", text: "make it saffron" }, { type: "tool-generateThumbnail", output: { images: [] } }]);
      await client.query("insert into chat_messages (id, conversation_id, role, parts) values ('u1', $1, 'user', $2), ('a1', $1, 'assistant', '[]')", [chat?.id, parts]);
      const image = async (status: string, kind: string, prompt: string) =>
        (await client.query<{ id: string }>("insert into images (user_id, kind, status, prompt, conversation_id, scene) values ($1, $2, $3, $4, $5, $6) returning id", [user?.id, kind, status, prompt, chat?.id, JSON.stringify({ text: [{ text: "NONNA" }] })])).rows[0]?.id;
      const ready = await image("ready", "generated", "Bowl of spaghetti");
      await image("failed", "generated", "Failed bowl");
      await image("ready", "upload", "An upload");
      await client.query("insert into personas (user_id, name, handle, role, description, cutout_key) values ($1, 'Chef Mario', 'mario', 'artist', 'Cooks', 'k')", [user?.id]);

      await migrate(db, { migrationsFolder });
      const rows = (await client.query<{ kind: string; message_id: string; title: string; body: string; context: string }>("select kind, message_id, title, body, context from search_documents order by kind, message_id")).rows;
      expect(rows).toEqual([
        { kind: "conversation", message_id: "", title: "Pasta night", body: "", context: "" },
        { kind: "image", message_id: "", title: "NONNA", body: "Bowl of spaghetti", context: "Pasta night make it saffron" },
        { kind: "message", message_id: "u1", title: "", body: "make it saffron", context: "" },
        { kind: "persona", message_id: "", title: "Chef Mario", body: "@mario Cooks", context: "" },
      ]);
      const found = (await client.query<{ ref_id: string }>("select ref_id from search_documents where kind = 'image' and words @@ to_tsquery('english', 'saffron')")).rows;
      expect(found.map((row) => row.ref_id)).toEqual([ready]);
    } finally {
      await client.close();
    }
  });
});
