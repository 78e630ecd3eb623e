/** What a persona is in a picture; chosen when it is made, shown on its card. */
export const personaRoles = ["artist", "photographer", "designer"] as const;
export type PersonaRole = (typeof personaRoles)[number];
