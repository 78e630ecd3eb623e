import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { clientRoutes, isClientRoute } from "./client-routes.ts";

describe("client routes", () => {
  it.each(["/", "/landing", "/landing/", "/LANDING", "/login", "/app", "/terms-of-service", "/privacy-policy", "/refund-policy", "/app/editor/3f2a9c1e-5b7d-4e8f-9a0b-1c2d3e4f5a6b", "/app/editor/x/"])("%s is a page", (path) => {
    expect(isClientRoute(path)).toBe(true);
  });

  it.each(["/nope", "/app/settings", "/landing/x", "/api", "/login.php", "/index", "/app/editor", "/app/editor/a/b"])("%s is not", (path) => {
    expect(isClientRoute(path)).toBe(false);
  });

  it("are the paths the web router declares, every one of them", () => {
    const router = readFileSync(join(process.cwd(), "web/app/app-routes.tsx"), "utf8");
    const declared = [...router.matchAll(/path=\{clientRoutes\.(\w+)\}/g)].map((m) => m[1]);
    expect(declared.sort()).toEqual(Object.keys(clientRoutes).sort());
    // Only the catch-all may use a literal path, so nothing is routed the server does not know about.
    expect([...router.matchAll(/path="([^"]*)"/g)].map((m) => m[1])).toEqual(["*"]);
  });
});
