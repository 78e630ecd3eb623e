/**
 * The image models Thumbforge offers. One list, shown on the waitlist page and (with availability from the
 * server's registry) in the app's model picker. Labels are ours; provider model ids live in server config.
 */
export interface ModelInfo {
  id: string;
  label: string;
  provider: "studio" | "black-forest-labs" | "openai" | "google";
  popular: boolean;
  capabilities: readonly ("generate" | "edit" | "persona" | "swap")[];
  creditCost: number;
}

export const models = [
  { id: "studio", label: "Thumbforge Studio", provider: "studio", popular: false, capabilities: ["generate", "edit", "persona", "swap"], creditCost: 1 },
  { id: "flux-kontext-pro", label: "FLUX.1 Kontext [pro]", provider: "black-forest-labs", popular: true, capabilities: ["generate", "edit", "persona", "swap"], creditCost: 4 },
  { id: "flux-kontext-max", label: "FLUX.1 Kontext [max]", provider: "black-forest-labs", popular: false, capabilities: ["generate", "edit", "persona", "swap"], creditCost: 8 },
  { id: "gpt-image", label: "GPT Image", provider: "openai", popular: true, capabilities: ["generate", "edit", "persona", "swap"], creditCost: 6 },
  { id: "gemini-flash-image", label: "Gemini Flash Image", provider: "google", popular: false, capabilities: ["generate", "edit", "persona"], creditCost: 4 },
  { id: "gemini-pro-image", label: "Gemini Pro Image", provider: "google", popular: false, capabilities: ["generate", "edit", "persona"], creditCost: 8 },
] as const satisfies readonly ModelInfo[];

export type ModelId = (typeof models)[number]["id"];
