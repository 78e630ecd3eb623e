import { isIP } from "node:net";
import type { IncomingMessage } from "node:http";

/** Whether a socket's peer address is this machine. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith("::ffff:") ? address.slice(7) : address;
  if (isIP(v4) === 4) return v4.startsWith("127.");
  return address === "::1";
}

/**
 * Whether a request comes from this machine itself: the socket's own address, never X-Forwarded-For. A request that
 * carries forwarding headers came through a proxy, and behind a proxy on this machine every request would look
 * local, so it is refused rather than believed: a proxied page of this kind answers nobody rather than everybody.
 */
export function isFromThisMachine(req: Pick<IncomingMessage, "socket" | "headers">): boolean {
  const { headers } = req;
  if (headers["x-forwarded-for"] !== undefined || headers.forwarded !== undefined || headers["x-real-ip"] !== undefined) return false;
  return isLoopbackAddress(req.socket.remoteAddress);
}
