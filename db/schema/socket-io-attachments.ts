import { bigserial, customType, pgTable, timestamp } from "drizzle-orm/pg-core";

const bytea = customType<{ data: Buffer }>({ dataType: () => "bytea" });

/**
 * Socket.IO's PostgreSQL adapter carries realtime messages between nodes with NOTIFY; a message over NOTIFY's 8000-byte
 * limit travels through this table instead (the adapter's own layout; it deletes old rows itself).
 */
export const socketIoAttachments = pgTable("socket_io_attachments", {
  id: bigserial({ mode: "number" }).unique(),
  createdAt: timestamp({ withTimezone: true }).defaultNow(),
  payload: bytea(),
});
