import type { Locality } from "@storefront/domain/contract";
import { beforeEach, describe, expect, it } from "vitest";
import { connectInProcessApi } from "./api.server.ts";
import { resolveLocalityCode, storedAddressIdOf, storedTemporaryAddressOf } from "./storefront.server.ts";

const locality = (code: string, latitude: number, longitude: number): Locality => ({
  id: code.length,
  code,
  name: code,
  nameI18n: { en: code },
  timeZone: "Europe/Riga",
  currencyCode: "EUR",
  countryCode: "LV",
  lang: "lv",
  center: { latitude, longitude },
});
const riga = locality("riga", 56.9496, 24.1052);
const kyiv = locality("kyiv", 50.4501, 30.5234);

/** The API as the storefront's server reaches it: it names Kyiv as the nearest city, and counts. */
let asked: string[] = [];
beforeEach(() => {
  asked = [];
  connectInProcessApi(async (path) => {
    asked.push(path);
    return Response.json({ ...kyiv, insideDeliveryZone: true, distanceKm: 0 });
  });
});

const visitor = (storedLocalityCode: string | null) => ({
  caller: { partnerCode: "demo", locale: "en", cookie: null, requestId: null },
  storedLocalityCode,
  temporaryAddress: null,
});
const inKyiv = { latitude: 50.45, longitude: 30.52 };

describe("the locality chosen when the URL names none (foundations §4)", () => {
  it("is a partner's only locality, whatever the point or the stored code say", async () => {
    expect(await resolveLocalityCode([riga], visitor("gone"), inKyiv)).toEqual({
      code: "riga",
      movedByPoint: false,
    });
    expect(asked).toEqual([]);
  });

  it("among several, is the nearest to the point, told as a move from the stored one", async () => {
    expect(await resolveLocalityCode([riga, kyiv], visitor("riga"), inKyiv)).toEqual({
      code: "kyiv",
      movedByPoint: true,
    });
    expect(asked).toHaveLength(1);
  });

  it("among several, is the stored one when no point is given, without asking the API", async () => {
    expect(await resolveLocalityCode([riga, kyiv], visitor("riga"), null)).toEqual({
      code: "riga",
      movedByPoint: false,
    });
    expect(asked).toEqual([]);
  });
});

describe("the address a visitor's cookies kept", () => {
  it("is the temporary address with what the guest typed for the courier", () => {
    const kept = {
      latitude: 56.95,
      longitude: 24.1,
      formattedAddress: "Brīvības iela 1",
      details: { apartmentNumber: "12" },
    };
    expect(storedTemporaryAddressOf(kept)).toEqual({
      latitude: 56.95,
      longitude: 24.1,
      formattedAddress: "Brīvības iela 1",
      details: { apartmentNumber: "12", entrance: null, floor: null, intercom: null, comment: null },
    });
  });

  it.each([
    ["a cookie React Router could not decode", {}],
    ["a latitude that is no number", { latitude: "x", longitude: 24.1 }],
    ["a point off the globe", { latitude: 91, longitude: 24.1 }],
    ["a list", [56.95, 24.1]],
  ])("is none for %s", (_name, value) => {
    expect(storedTemporaryAddressOf(value)).toBeNull();
  });

  it("keeps the point and drops details that are not the courier's fields", () => {
    expect(storedTemporaryAddressOf({ latitude: 56.95, longitude: 24.1, details: { comment: 5 } })).toEqual({
      latitude: 56.95,
      longitude: 24.1,
      formattedAddress: null,
    });
  });

  it("names a saved address only by a positive whole number", () => {
    expect([12, {}, "12", -1, 1.5, Number.MAX_SAFE_INTEGER + 2].map(storedAddressIdOf)).toEqual([
      12,
      null,
      null,
      null,
      null,
      null,
    ]);
  });
});
