import { describe, expect, it } from "vitest";
import { z } from "zod";
import { readFormPost } from "./form-posts.server.ts";

const schema = z.object({ intent: z.literal("select"), addressId: z.coerce.number().int().positive() });
const post = (body: string, type: string) =>
  new Request("https://shop.example/en/address", { method: "POST", body, headers: { "content-type": type } });

describe("a page action's form post", () => {
  it("is read into the schema's values", async () => {
    const read = await readFormPost(
      post("intent=select&addressId=12", "application/x-www-form-urlencoded"),
      schema,
    );
    expect(read).toEqual({ success: true, data: { intent: "select", addressId: 12 } });
  });

  it("is refused naming each wrong field", async () => {
    const read = await readFormPost(
      post("intent=select&addressId=-3", "application/x-www-form-urlencoded"),
      schema,
    );
    expect(read.success).toBe(false);
    expect(read.success ? [] : read.errors.map((error) => error.field)).toEqual(["addressId"]);
  });

  it.each([
    ["JSON", '{"intent":"select"}', "application/json"],
    ["plain text", "intent=select", "text/plain"],
    ["a multipart body without its boundary", "garbage", "multipart/form-data"],
  ])("is refused naming the body when it is %s", async (_name, body, type) => {
    const read = await readFormPost(post(body, type), schema);
    expect(read).toEqual({
      success: false,
      errors: [{ field: "body", message: "Expected a form's fields" }],
    });
  });
});
