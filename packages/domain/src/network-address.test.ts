import { describe, expect, it } from "vitest";
import { addressCounted } from "./network-address.ts";

describe("addressCounted", () => {
  it("counts an IPv4 address as it is", () => {
    expect(addressCounted("203.0.113.7")).toBe("203.0.113.7");
    expect(addressCounted("203.0.113.8")).toBe("203.0.113.8");
  });

  it("counts an IPv4 address written in IPv6 as the IPv4 address", () => {
    expect(addressCounted("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(addressCounted("::FFFF:203.0.113.7")).toBe("203.0.113.7");
    expect(addressCounted("0:0:0:0:0:ffff:203.0.113.7")).toBe("203.0.113.7");
  });

  it("counts every address of one IPv6 /64 as one, however it is written", () => {
    const network = "2001:db8:1:2::/64";
    expect(addressCounted("2001:db8:1:2::1")).toBe(network);
    expect(addressCounted("2001:db8:1:2:aaaa:bbbb:cccc:dddd")).toBe(network);
    expect(addressCounted("2001:0DB8:0001:0002:ffff:ffff:ffff:ffff")).toBe(network);
    expect(addressCounted("2001:db8:1:2:0:0:0:1")).toBe(network);
    expect(addressCounted("2001:db8:1:2::198.51.100.1")).toBe(network);
  });

  it("counts the next /64 apart", () => {
    expect(addressCounted("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(addressCounted("2001:db8::1")).toBe("2001:db8:0:0::/64");
  });

  it("drops a link-local address's zone", () => {
    expect(addressCounted("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(addressCounted("::1")).toBe("0:0:0:0::/64");
  });

  it("counts what does not read as an address as it is written", () => {
    expect(addressCounted("2001:db8::1::2")).toBe("2001:db8::1::2");
    expect(addressCounted("2001:db8:1:2:3:4:5:6:7")).toBe("2001:db8:1:2:3:4:5:6:7");
    expect(addressCounted("2001:db8:zz::1")).toBe("2001:db8:zz::1");
    expect(addressCounted("::ffff:300.1.1.1")).toBe("::ffff:300.1.1.1");
    expect(addressCounted("2001:db8::1..2.3")).toBe("2001:db8::1..2.3");
    expect(addressCounted("2001:db8::-1.2.3.4")).toBe("2001:db8::-1.2.3.4");
    expect(addressCounted("unknown")).toBe("unknown");
  });
});
