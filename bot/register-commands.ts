import { REST, Routes } from "discord.js";
import { commandDefinitions } from "./command-list.ts";

/**
 * Registers every slash command on the community server (guild commands show at once; global ones can take an hour).
 * PUT replaces the server's whole list, so a command removed here disappears there too. `api`: another REST root (tests).
 */
export async function registerCommands(settings: { token: string; guildId: string; api?: string }): Promise<string[]> {
  const rest = new REST(settings.api ? { api: settings.api } : {}).setToken(settings.token);
  const application = (await rest.get(Routes.currentApplication())) as { id: string };
  const body = commandDefinitions();
  const registered = (await rest.put(Routes.applicationGuildCommands(application.id, settings.guildId), { body })) as { name: string }[];
  return registered.map((c) => c.name);
}
