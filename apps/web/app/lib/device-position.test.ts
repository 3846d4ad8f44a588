import { describe, expect, it } from "vitest";
import { parseStoredPosition } from "./device-position.ts";

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
