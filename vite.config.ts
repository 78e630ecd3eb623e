import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

const serverPort = Number(process.env.DEV_SERVER_PORT ?? 3001);

export default defineConfig({
  root: "web",
  publicDir: "public",
  plugins: [react(), tailwindcss()],
  build: {
    outDir: "../dist/web",
    emptyOutDir: true,
    target: "es2022",
    sourcemap: true,
    assetsInlineLimit: 0,
    modulePreload: false,
    // Read by the server to preload the chunks an app screen needs from its first byte (server/web/app-preloads.ts).
    manifest: true,
  },
  server: {
    proxy: {
      "/api": `http://127.0.0.1:${serverPort}`,
      "/dev": `http://127.0.0.1:${serverPort}`,
      "/socket.io": { target: `ws://127.0.0.1:${serverPort}`, ws: true },
    },
  },
  test: {
    root: ".",
    // Files side by side: most of a file's time is waiting on PostgreSQL, HTTP or a child process, and Vitest's
    // default (cores less one) is 1 on a 2-core machine. 4 was no faster and opens more PostgreSQL connections on a
    // shared server (docs/decisions/024-test-run-time.md).
    maxWorkers: 3,
    projects: [
      {
        extends: true,
        test: {
          name: "server",
          root: ".",
          include: ["contract/**/*.test.ts", "db/**/*.test.ts", "server/**/*.test.ts", "bot/**/*.test.ts", "scripts/**/*.test.ts"],
          environment: "node",
          globalSetup: ["server/testing/template-database.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: "web",
          root: ".",
          include: ["web/**/*.test.{ts,tsx}"],
          environment: "jsdom",
          setupFiles: ["web/test-setup.ts"],
          // A screen's first test also loads its modules into jsdom: past Vitest's 5 s on a loaded 2-core machine.
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          root: ".",
          include: ["e2e/**/*.spec.ts"],
          environment: "node",
          globalSetup: ["e2e/global-setup.ts"],
          // One spec at a time, although each starts its own app (random port, own data dir) and browser: two side
          // by side were faster but the persona swap (background removal on the CPU) then outlasted its 120 s wait
          // on a busy machine (docs/decisions/024-test-run-time.md).
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
