import { QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { createStore, Provider as JotaiProvider } from "jotai";
import type { i18n as I18n } from "i18next";
import type { ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import type { ModelEntry } from "../../../contract/images.ts";
import type { Persona } from "../../../contract/personas.ts";
import { ToastStoreProvider } from "../../components/ui/toaster.tsx";
import { ToastStore } from "../../components/ui/toast-store.ts";
import { createQueryClient } from "../../lib/query-client.ts";
import { MODELS_KEY } from "../../lib/models-api.ts";
import { personasKey } from "../../lib/personas-api.ts";

// Test-only: renders chat parts in English with the providers /app gives them.
export { englishI18n } from "../../testing/english-i18n.ts";

export const testModels: ModelEntry[] = [
  { id: "studio", label: "Thumbforge Studio", provider: "studio", popular: false, capabilities: ["generate"], creditCost: 3, available: true },
  { id: "gpt-image", label: "GPT Image", provider: "openai", popular: true, capabilities: ["generate"], creditCost: 6, available: false },
];

/** `personas` seeds GET /api/personas (none unless given), so no test reaches for the network to list them. */
export function renderChat(ui: ReactNode, i18n: I18n, { personas = [] }: { personas?: Persona[] } = {}) {
  const client = createQueryClient();
  client.setQueryData(MODELS_KEY, { models: testModels });
  client.setQueryData(personasKey, { personas });
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
