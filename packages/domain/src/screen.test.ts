import { describe, expect, it } from "vitest";
import { imageSizes, isMobileGroup, screenGroupOf } from "./screen.ts";

describe("screen groups (foundations §9)", () => {
  it("names each width's group, from super tiny to mega wide", () => {
    expect(screenGroupOf(300)).toBe("superTiny");
    expect(screenGroupOf(320)).toBe("tiny");
    expect(screenGroupOf(375)).toBe("mobile");
    expect(screenGroupOf(412)).toBe("mobile");
    expect(screenGroupOf(600)).toBe("tablet");
    expect(screenGroupOf(767)).toBe("tablet");
    expect(screenGroupOf(768)).toBe("desktop");
    expect(screenGroupOf(1151)).toBe("desktop");
    expect(screenGroupOf(1152)).toBe("wide");
    expect(screenGroupOf(1440)).toBe("superWide");
    expect(screenGroupOf(2560)).toBe("megaWide");
  });

  it("puts super tiny to tablet in the mobile group, desktop and wider out of it", () => {
    expect(["superTiny", "tiny", "mobile", "tablet"].every((g) => isMobileGroup(g as never))).toBe(true);
    expect(["desktop", "wide", "superWide", "megaWide"].some((g) => isMobileGroup(g as never))).toBe(false);
  });
});

describe("image resolution classes", () => {
  it("writes sizes whose conditions are the classes, widest first", () => {
    expect(imageSizes({ 768: "30vw", 1152: "270px" }, "50vw")).toBe(
      "(min-width: 1153px) 270px, (min-width: 769px) 30vw, 50vw",
    );
    expect(imageSizes({}, "100vw")).toBe("100vw");
  });
});
