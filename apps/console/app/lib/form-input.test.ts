import { citySettingsFormSchema, passwordFormSchema } from "@storefront/domain/contract";
import { describe, expect, it } from "vitest";
import { parseForm, refusedForm } from "./form-input.ts";

const formOf = (entries: Array<[string, string]>) => {
  const form = new FormData();
  for (const [name, value] of entries) form.append(name, value);
  return form;
};

describe("parseForm", () => {
  it("answers the schema's reading of a form", () => {
    expect(parseForm(passwordFormSchema, formOf([["password", "secret"]]))).toEqual({
      ok: true,
      input: { password: "secret", repeat: "" },
    });
  });

  it("names the first input to correct, and lists every problem", () => {
    const parsed = parseForm(
      citySettingsFormSchema,
      formOf([
        ["minOrderPrice", "ten"],
        ["tips.max", "x"],
      ]),
    );
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.field).toBe("minOrderPrice");
    expect(parsed.errors.map((error) => error.field)).toEqual(["minOrderPrice", "tips.max"]);
  });
});

describe("refusedForm", () => {
  it("is a 400 with what the screen shows and the problems", () => {
    const refused = refusedForm({ saved: false, field: "x" }, [{ field: "x", message: "wrong" }]);
    expect(refused.init?.status).toBe(400);
    expect(refused.data).toEqual({ saved: false, field: "x", errors: [{ field: "x", message: "wrong" }] });
  });
});
