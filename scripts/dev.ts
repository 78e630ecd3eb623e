// `npm run dev`: the API server with --watch on DEV_SERVER_PORT (3001) and Vite with hot reload on 5173.
import { spawn } from "node:child_process";

const port = process.env.DEV_SERVER_PORT ?? "3001";
const children = [
  spawn(process.execPath, ["--watch", "server/main.ts"], { stdio: "inherit", env: { ...process.env, PORT: port } }),
  spawn("vite", [], { stdio: "inherit", env: { ...process.env, DEV_SERVER_PORT: port } }),
];
const stop = () => {
  for (const child of children) child.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children) child.on("exit", (code) => {
  stop();
  process.exitCode = code ?? 0;
});
