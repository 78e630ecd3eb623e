import { readdirSync } from "node:fs";
import { afterAll, expect } from "vitest";
import { createScratchDatabase, type ScratchDatabase } from "../testing/scratch-database.ts";
import { itOnPostgres } from "../testing/on-postgres.ts";
import { migrationsFolder, openDb } from "../../db/open-db.ts";

const scratch: ScratchDatabase[] = [];
afterAll(async () => {
  for (const database of scratch) await database.drop();
});

itOnPostgres("several nodes starting at once on a new database migrate it once, and every one of them starts", async () => {
  const database = await createScratchDatabase(process.env.TEST_DATABASE_URL ?? "", "tf_migrate");
  scratch.push(database);
  const nodes = await Promise.all(Array.from({ length: 4 }, () => openDb({ url: database.url })));
  try {
    const outcomes = await Promise.allSettled(nodes.map((node) => node.migrate()));
    expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "fulfilled", "fulfilled", "fulfilled"]);
    const [first] = nodes;
    const applied = await first?.query<{ count: string }>("select count(*)::text as count from drizzle.__drizzle_migrations", []);
    const files = readdirSync(migrationsFolder).filter((f) => f.endsWith(".sql"));
    expect(Number(applied?.[0]?.count)).toBe(files.length);
  } finally {
    await Promise.all(nodes.map((node) => node.close()));
  }
});
