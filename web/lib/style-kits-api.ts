import { useQuery } from "@tanstack/react-query";
import { type StyleKitRecord, styleKitListResponseSchema, styleKitResponseSchema, STYLE_KITS_PATH } from "../../contract/style-kits.ts";
import { apiRequest } from "./api.ts";

/** The user's style kits (docs/product/style-kits.md): the kit screen and every style picker share this key. */
export const styleKitsKey = [STYLE_KITS_PATH] as const;

const kitPath = (id: string) => `${STYLE_KITS_PATH}/${encodeURIComponent(id)}`;

export async function listStyleKits(): Promise<StyleKitRecord[]> {
  const res = await apiRequest("GET", STYLE_KITS_PATH);
  return styleKitListResponseSchema.parse(await res.json()).kits;
}

export function useStyleKits() {
  return useQuery({ queryKey: styleKitsKey, queryFn: listStyleKits });
}

/** Learns a kit from up to twelve of the user's ready images; takes about a second a picture. */
export async function createStyleKit(name: string, imageIds: readonly string[]): Promise<StyleKitRecord> {
  const res = await apiRequest("POST", STYLE_KITS_PATH, { name, imageIds });
  return styleKitResponseSchema.parse(await res.json()).kit;
}

export async function renameStyleKit(id: string, name: string): Promise<StyleKitRecord> {
  const res = await apiRequest("PATCH", kitPath(id), { name });
  return styleKitResponseSchema.parse(await res.json()).kit;
}

export async function deleteStyleKit(id: string): Promise<void> {
  await apiRequest("DELETE", kitPath(id));
}
