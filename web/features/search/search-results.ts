import { clientRoutes } from "../../../contract/client-routes.ts";
import type { SearchKind, SearchResponse } from "../../../contract/search.ts";
import { conversationHref } from "../../lib/app-links.ts";

/** One row of the results, as the list shows and opens it. */
export interface ResultRow {
  id: string;
  kind: SearchKind;
  title: string;
  snippet: string;
  thumbUrls: string[];
  href: string;
}

const galleryHref = (q: string) => `${clientRoutes.gallery}?q=${encodeURIComponent(q)}`;

/**
 * The answer as groups of rows, in the order they are shown: a conversation opens at its message, an image or pack at
 * the message that shows it (or the gallery filtered by the words when no chat made it), a persona on Personas.
 */
export function resultGroups(answer: SearchResponse, untitled: string): { kind: SearchKind; rows: ResultRow[] }[] {
  const groups: { kind: SearchKind; rows: ResultRow[] }[] = [
    {
      kind: "conversations",
      rows: answer.conversations.map((c) => ({ id: `c-${c.conversationId}`, kind: "conversations", title: c.title || untitled, snippet: c.snippet, thumbUrls: [], href: conversationHref(c.conversationId, c.messageId) })),
    },
    {
      kind: "images",
      rows: answer.images.map((i) => ({
        id: `i-${i.imageId}`,
        kind: "images",
        title: i.title,
        snippet: i.snippet === i.title ? "" : i.snippet,
        thumbUrls: i.thumbUrl ? [i.thumbUrl] : [],
        href: i.conversationId ? conversationHref(i.conversationId, i.messageId) : galleryHref(answer.query),
      })),
    },
    {
      kind: "packs",
      rows: answer.packs.map((p) => ({ id: `p-${p.packId}`, kind: "packs", title: p.title, snippet: "", thumbUrls: p.thumbUrls, href: p.conversationId ? conversationHref(p.conversationId, p.messageId) : galleryHref(answer.query) })),
    },
    {
      kind: "personas",
      rows: answer.personas.map((p) => ({ id: `u-${p.personaId}`, kind: "personas", title: `${p.name} · @${p.handle}`, snippet: p.snippet, thumbUrls: [p.thumbUrl], href: clientRoutes.personas })),
    },
  ];
  return groups.filter((group) => group.rows.length > 0);
}
