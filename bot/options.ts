import type { z } from "zod";
import type { Messages } from "./locales/messages.ts";
import type { CommandInteraction } from "./interaction.ts";

/**
 * A command's options, read from the interaction and checked with its zod schema: the values, or the message naming
 * what is wrong (nothing has changed yet). Discord checks types and choices too; this is the app's own check.
 */
export function readOptions<T>(
  interaction: CommandInteraction,
  schema: z.ZodType<T>,
  names: readonly string[],
  m: Messages,
): { ok: true; value: T } | { ok: false; message: string } {
  const raw = Object.fromEntries(names.map((name) => [name, interaction.options.getString(name) ?? undefined]));
  const parsed = schema.safeParse(raw);
  if (parsed.success) return { ok: true, value: parsed.data };
  const fields = [...new Set(parsed.error.issues.map((i) => String(i.path[0] ?? "")))].filter((f) => f !== "");
  return { ok: false, message: m.errors.invalidInput({ fields: fields.map((f) => `\`${f}\``).join(", ") }) };
}
