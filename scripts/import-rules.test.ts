import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { checkImports, packagesLoadedBy, serverFeatures, serverShared, serverWiring, type SourceFile, webDoorPackages } from "./import-rules.ts";

const root = fileURLToPath(new URL("../", import.meta.url));

function sources(): SourceFile[] {
  const listing = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard", "contract", "db", "server", "web", "bot"], { cwd: root });
  return listing
    .toString("utf8")
    .split("\0")
    .filter((path) => /\.tsx?$/.test(path))
    .map((path) => ({ path, text: readFileSync(`${root}${path}`, "utf8") }));
}

const withPlanted = (planted: SourceFile[]) => checkImports([...sources(), ...planted]);

describe("import rules", () => {
  it("hold for the whole repository", () => {
    expect(checkImports(sources())).toEqual([]);
  });

  it("catch a capability reaching into another's insides, a store used from outside, and a shared part using a capability", () => {
    const problems = withPlanted([
      { path: "server/auth/planted.ts", text: 'import { generationRoutes } from "../generation/routes.ts";\nexport const x = generationRoutes;\n' },
      { path: "server/credits/planted.ts", text: 'import { createImageStore } from "../images/store.ts";\nexport const y = createImageStore;\n' },
      { path: "server/jobs/planted.ts", text: 'import type { AuthService } from "../auth/service.ts";\nexport type Z = AuthService;\n' },
    ]);
    expect(problems).toEqual([
      expect.stringMatching(/^server\/auth\/planted\.ts → server\/generation\/routes\.ts: another capability's insides/),
      expect.stringMatching(/^server\/credits\/planted\.ts → server\/images\/store\.ts: a store is used only inside its own folder/),
      expect.stringMatching(/^server\/jobs\/planted\.ts → server\/auth\/service\.ts: shared parts use no capability/),
    ]);
  });

  it("allow a capability's public face from another", () => {
    expect(withPlanted([{ path: "server/credits/planted.ts", text: 'import type { ImageService } from "../images/service.ts";\nexport type Y = ImageService;\n' }])).toEqual([]);
  });

  it("catch layers crossed and web features reaching into each other", () => {
    const problems = withPlanted([
      { path: "contract/planted.ts", text: 'import { users } from "../db/schema/users.ts";\nexport const a = users;\n' },
      { path: "web/features/studio/planted.ts", text: 'import { authErrorMessage } from "../auth/error-message.ts";\nexport const b = authErrorMessage;\n' },
      { path: "bot/planted.ts", text: 'import { createImageService } from "../server/images/service.ts";\nexport const c = createImageService;\n' },
    ]);
    expect(problems).toEqual([
      expect.stringMatching(/^contract\/planted\.ts → db\/schema\/users\.ts: contract\/ may import only contract/),
      expect.stringMatching(/^web\/features\/studio\/planted\.ts → web\/features\/auth\/error-message\.ts: a web feature never imports another/),
      expect.stringMatching(/^bot\/planted\.ts → server\/images\/service\.ts: the bot starts from server\/compose/),
    ]);
  });

  it("place every folder under server/ in exactly one list", () => {
    const listed = [...serverFeatures, ...serverShared, ...serverWiring];
    expect(new Set(listed).size, "a folder in two lists").toBe(listed.length);
  });

  it("fail on a folder under server/ that is neither a capability nor a shared part, naming it and both lists", () => {
    const problems = withPlanted([{ path: "server/loyalty/service.ts", text: "export const points = 1;\n" }]);
    expect(problems).toEqual([expect.stringMatching(/^server\/loyalty\/ is unclassified: add it to serverFeatures \(capabilities: auth, .*\) or serverShared \(shared parts: errors, .*\)/)]);
  });

  it("treat payments as a capability: another capability reaches only its public face", () => {
    const problems = withPlanted([
      { path: "server/credits/planted.ts", text: 'import { settle } from "../payments/settlement.ts";\nexport const x = settle;\n' },
      { path: "server/jobs/planted.ts", text: 'import type { PaymentService } from "../payments/service.ts";\nexport type Y = PaymentService;\n' },
    ]);
    expect(problems).toEqual([
      expect.stringMatching(/^server\/credits\/planted\.ts → server\/payments\/settlement\.ts: another capability's insides/),
      expect.stringMatching(/^server\/jobs\/planted\.ts → server\/payments\/service\.ts: shared parts use no capability/),
    ]);
  });

  it("keep web/components and web/lib below the features, the routes and the app", () => {
    const problems = withPlanted([
      { path: "web/components/ui/planted.tsx", text: 'import { ChatScreen } from "../../features/chat/chat-screen.tsx";\nexport const a = ChatScreen;\n' },
      { path: "web/lib/planted.ts", text: 'import type { GalleryFilters } from "../features/gallery/gallery-filters.tsx";\nexport type B = GalleryFilters;\n' },
      { path: "web/lib/planted-route.ts", text: 'import Login from "../routes/login.tsx";\nexport const c = Login;\n' },
      { path: "web/lib/planted-component.ts", text: 'import { Button } from "../components/ui/button.tsx";\nexport const d = Button;\n' },
    ]);
    expect(problems).toEqual([
      expect.stringMatching(/^web\/components\/ui\/planted\.tsx → web\/features\/chat\/chat-screen\.tsx: web\/components\/ imports only web\/components\/, web\/lib\//),
      expect.stringMatching(/^web\/lib\/planted\.ts → web\/features\/gallery\/gallery-filters\.tsx: web\/lib\/ imports only web\/lib\//),
      expect.stringMatching(/^web\/lib\/planted-route\.ts → web\/routes\/login\.tsx: web\/lib\/ imports only web\/lib\//),
      expect.stringMatching(/^web\/lib\/planted-component\.ts → web\/components\/ui\/button\.tsx: web\/lib\/ imports only web\/lib\//),
    ]);
  });

  it("keep test support out of the web's production code, and let tests use it", () => {
    const problems = withPlanted([
      { path: "web/features/gallery/planted.ts", text: 'import { imageRecord } from "../../testing/image-fixture.ts";\nexport const a = imageRecord;\n' },
      { path: "web/lib/planted.ts", text: 'import type { fakeSocket } from "../testing/socket-fixture.ts";\nexport type B = typeof fakeSocket;\n' },
      { path: "web/routes/planted.tsx", text: 'import { renderChat } from "../features/chat/testing.tsx";\nexport const c = renderChat;\n' },
      { path: "web/lib/planted.test.ts", text: 'import { persona } from "../testing/persona-fixture.ts";\nexport const d = persona;\n' },
      { path: "web/features/chat/planted.test.tsx", text: 'import { englishI18n } from "./testing.tsx";\nexport const e = englishI18n;\n' },
    ]);
    expect(problems).toEqual([
      expect.stringMatching(/^web\/features\/gallery\/planted\.ts → web\/testing\/image-fixture\.ts: production code never imports test support/),
      expect.stringMatching(/^web\/lib\/planted\.ts → web\/testing\/socket-fixture\.ts: production code never imports test support/),
      expect.stringMatching(/^web\/routes\/planted\.tsx → web\/features\/chat\/testing\.tsx: production code never imports test support/),
    ]);
  });

  it("catch an import cycle", () => {
    const problems = withPlanted([
      { path: "server/images/cycle-a.ts", text: 'import { b } from "./cycle-b.ts";\nexport const a = b;\n' },
      { path: "server/images/cycle-b.ts", text: 'import type { a } from "./cycle-a.ts";\nexport const b = 1 as unknown as typeof a;\n' },
    ]);
    expect(problems).toEqual(["import cycle: server/images/cycle-a.ts → server/images/cycle-b.ts → server/images/cycle-a.ts"]);
  });

  it("keep Express and Socket.IO out of the services, the worker and the bot", () => {
    const files = sources();
    for (const entry of ["server/compose/services.ts", "server/compose/worker.ts", "bot/main.ts"]) {
      const loaded = packagesLoadedBy(entry, files);
      expect(loaded.size, `${entry} loads packages`).toBeGreaterThan(0);
      for (const door of webDoorPackages) expect(loaded.has(door), `${entry} loads ${door}`).toBe(false);
    }
    // The web door does load them: the check sees through the graph.
    expect(packagesLoadedBy("server/compose/http.ts", files).has("express")).toBe(true);
  });
});
