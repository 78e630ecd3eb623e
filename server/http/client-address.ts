import { isIP } from "node:net";

/**
 * The key one client is counted under: an IPv4 address, or the /64 of an IPv6 address (what one subscriber usually
 * holds, so walking through its addresses does not multiply a per-client limit). IPv4-mapped IPv6 counts as IPv4.
 */
export function clientKey(address: string | undefined): string {
  if (!address) return "unknown";
  const mapped = address.toLowerCase().startsWith("::ffff:") ? address.slice(7) : undefined;
  if (mapped !== undefined && isIP(mapped) === 4) return mapped;
  const bare = address.split("%", 1)[0] ?? address;
  if (isIP(bare) !== 6) return address;
  return `${hextets(bare).slice(0, 4).join(":")}::/64`;
}

/** The eight groups of an IPv6 address, "::" expanded and each without leading zeros. */
function hextets(address: string): string[] {
  const [left = "", right] = address.split("::");
  const groups = (part: string) => (part === "" ? [] : part.split(":").flatMap((g) => (g.includes(".") ? ["0", "0"] : [g])));
  const head = groups(left);
  const tail = right === undefined ? [] : groups(right);
  const fill = right === undefined ? [] : Array.from({ length: 8 - head.length - tail.length }, () => "0");
  return [...head, ...fill, ...tail].map((g) => Number.parseInt(g, 16).toString(16));
}
