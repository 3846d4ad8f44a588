import { describe, expect, it } from "vitest";
import { POSITION_READS, parseStoredPosition } from "./device-position.ts";

describe("the device position kept in session storage", () => {
  it("reads back the coordinates stored before", () => {
    expect(parseStoredPosition("[33.3152,44.3661]")).toEqual({ latitude: 33.3152, longitude: 44.3661 });
  });

  it.each([null, "", "oops", "[1]", '["a","b"]', "[91,0]", "[0,181]", '{"latitude":1}'])(
    "ignores %j",
    (value) => {
      expect(parseStoredPosition(value)).toBeNull();
    },
  );
});

describe("POSITION_READS", () => {
  it("asks for a precise position within 2 s first, then for any the device has, however old, within 3 s", () => {
    expect(POSITION_READS).toEqual([
      { enableHighAccuracy: true, timeout: 2000 },
      { timeout: 3000, maximumAge: Number.POSITIVE_INFINITY },
    ]);
  });
});
