import { describe, expect, it } from "vitest";
import { isHostName, isThisComputer, isTimeZone } from "./partner-onboarding.ts";

describe("isHostName", () => {
  it.each([
    ["shop.example", true],
    ["verde.localhost", true],
    ["a-b.c-d.example", true],
    ["Shop.Example", false],
    ["shop.example:3000", false],
    ["-shop.example", false],
    ["shop..example", false],
    ["https://shop.example", false],
    ["", false],
  ])("%s: %s", (host, valid) => {
    expect(isHostName(host)).toBe(valid);
  });
});

describe("isTimeZone", () => {
  it.each([
    ["Europe/Riga", true],
    ["Asia/Baghdad", true],
    ["UTC", true],
    ["Europe/Atlantis", false],
    ["", false],
  ])("%s: %s", (zone, known) => {
    expect(isTimeZone(zone)).toBe(known);
  });
});

describe("isThisComputer", () => {
  it.each([
    ["localhost", true],
    ["verde.localhost", true],
    ["127.0.0.1", true],
    ["localhost.example", false],
    ["shop.example", false],
  ])("%s: %s", (host, local) => {
    expect(isThisComputer(host)).toBe(local);
  });
});
