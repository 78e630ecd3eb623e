import { z } from "zod";
import { AppError } from "../errors/app-error.ts";

/** Where the next page starts: the last row's timestamp and id (a keyset, stable under inserts). */
export interface KeysetCursor {
  at: Date;
  id: string;
}

const idSchema = z.uuid();
// Cursors carry a stored timestamp as encodeCursor wrote it: another date format, or a year outside what the
// table can hold (PostgreSQL refuses years before 4713 BC, JavaScript dates outlive it), never reaches SQL.
const EARLIEST_CURSOR = Date.UTC(1970, 0, 1);
const LATEST_CURSOR = Date.UTC(10_000, 0, 1);

export const encodeCursor = ({ at, id }: KeysetCursor): string => Buffer.from(`${at.toISOString()}|${id}`).toString("base64url");

/** The cursor a page handed out, or undefined for the first page; anything else is `invalid:cursor`. */
export function decodeCursor(cursor: string | undefined): KeysetCursor | undefined {
  if (!cursor) return undefined;
  const [iso, id, ...rest] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  const createdAt = new Date(iso ?? "");
  const time = createdAt.getTime();
  const canonical = !Number.isNaN(time) && time >= EARLIEST_CURSOR && time < LATEST_CURSOR && createdAt.toISOString() === iso;
  if (!canonical || rest.length > 0 || !idSchema.safeParse(id).success) throw new AppError("invalid:cursor", "That page cursor is not valid.");
  return { at: createdAt, id: id as string };
}
