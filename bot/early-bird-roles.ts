import type { Client } from "discord.js";
import type { EarlyBirdRoles } from "./context.ts";

/** The community server's Early Bird role: by id when DISCORD_EARLY_BIRD_ROLE_ID is set, else the role of that name. */
export function earlyBirdRoles(client: Client, settings: { guildId: string; earlyBirdRoleId?: string | undefined }): EarlyBirdRoles {
  return {
    async give(discordUserId) {
      const guild = await client.guilds.fetch(settings.guildId);
      const role = settings.earlyBirdRoleId
        ? await guild.roles.fetch(settings.earlyBirdRoleId)
        : (await guild.roles.fetch()).find((r) => r.name.toLowerCase() === "early bird");
      if (!role) return false;
      const member = await guild.members.fetch(discordUserId);
      await member.roles.add(role, "One of the first 50 Thumbforge accounts");
      return true;
    },
  };
}
