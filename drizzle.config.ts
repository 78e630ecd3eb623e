import { defineConfig } from "drizzle-kit";

// Migrations are generated from db/schema and committed; the same SQL runs on PostgreSQL and on PGlite.
export default defineConfig({
  dialect: "postgresql",
  schema: "./db/schema/*.ts",
  out: "./db/migrations",
  casing: "snake_case",
});
