/**
 * The network address a limit counts (sign-in codes, console passwords, group joins): an IPv4
 * address as it is, an IPv6 address as its /64 network. One subscriber, one server or one cloud
 * machine is given a whole /64 and may send from any of its 2^64 addresses, so counting each one
 * apart would let a single sender through every per-address limit. An IPv4 address written in IPv6
 * (`::ffff:203.0.113.7`, as a dual-stack socket reports it) counts as the IPv4 address. Anything
 * that does not read as an address is counted as it is written.
 */
export function addressCounted(address: string): string {
  const bare = address.trim().toLowerCase().split("%")[0] ?? "";
  if (!bare.includes(":")) return bare;
  const mapped = /^(?:0{0,4}:){0,4}(?:0{0,4}:|:)ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(bare)?.[1];
  if (mapped?.split(".").every((byte) => Number(byte) <= 255)) return mapped;
  const groups = ipv6Groups(bare);
  if (!groups) return bare;
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`;
}

/** An IPv6 address's eight 16-bit groups, or null when it does not read as one. */
function ipv6Groups(address: string): number[] | null {
  const halves = address.split("::");
  if (halves.length > 2) return null;
  const groupsOf = (part: string | undefined): string[] => (part ? part.split(":") : []);
  const head = groupsOf(halves[0]);
  const tail = groupsOf(halves[1]);
  // An IPv4 address in the last 32 bits (`64:ff9b::198.51.100.1`) is two groups.
  const last = tail.length > 0 ? tail : head;
  const dotted = last.at(-1);
  if (dotted?.includes(".")) {
    const parts = dotted.split(".");
    if (parts.length !== 4 || parts.some((part) => !/^\d{1,3}$/.test(part) || Number(part) > 255))
      return null;
    const [a = 0, b = 0, c = 0, d = 0] = parts.map(Number);
    last.splice(-1, 1, ((a << 8) | b).toString(16), ((c << 8) | d).toString(16));
  }
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const all = [...head, ...Array.from({ length: halves.length === 2 ? missing : 0 }, () => "0"), ...tail];
  if (all.some((group) => !/^[0-9a-f]{1,4}$/.test(group))) return null;
  return all.map((group) => Number.parseInt(group, 16));
}
