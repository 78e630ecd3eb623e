import { readFileSync } from "node:fs";
import { join } from "node:path";
import { QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import i18next from "i18next";
import { createStore, Provider as JotaiProvider } from "jotai";
import type { ReactNode } from "react";
import { I18nextProvider, initReactI18next } from "react-i18next";
import type { ModelEntry } from "../../../contract/images.ts";
import { ToastStoreProvider } from "../../components/ui/toaster.tsx";
import { ToastStore } from "../../components/ui/toast-store.ts";
import { createQueryClient } from "../../lib/query-client.ts";
import { MODELS_KEY } from "../../lib/models-api.ts";

// Test-only: renders chat parts in English with the providers /app gives them.
const load = (namespace: string) => JSON.parse(readFileSync(join(process.cwd(), `web/locales/en/${namespace}.json`), "utf8")) as Record<string, unknown>;

export async function englishI18n() {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    lng: "en",
    resources: { en: { chat: load("chat"), app: load("app") } },
    ns: ["chat", "app"],
    defaultNS: "chat",
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return i18n;
}

export const testModels: ModelEntry[] = [
  { id: "studio", label: "Thumbforge Studio", provider: "studio", popular: false, capabilities: ["generate"], creditCost: 3, available: true },
  { id: "gpt-image", label: "GPT Image", provider: "openai", popular: true, capabilities: ["generate"], creditCost: 6, available: false },
];

export function renderChat(ui: ReactNode, i18n: Awaited<ReturnType<typeof englishI18n>>) {
  const client = createQueryClient();
  client.setQueryData(MODELS_KEY, { models: testModels });
  const store = createStore();
  const view = render(
    <I18nextProvider i18n={i18n}>
      <JotaiProvider store={store}>
        <QueryClientProvider client={client}>
          <ToastStoreProvider store={new ToastStore()}>{ui}</ToastStoreProvider>
        </QueryClientProvider>
      </JotaiProvider>
    </I18nextProvider>,
  );
  return { ...view, client, store };
}
