import { createContext, useContext } from "react";
import type { PublicConfig } from "../../contract/public-config.ts";

export const PublicConfigContext = createContext<PublicConfig | null>(null);

export function usePublicConfig(): PublicConfig {
  const config = useContext(PublicConfigContext);
  if (!config) throw new Error("usePublicConfig needs the app providers");
  return config;
}
