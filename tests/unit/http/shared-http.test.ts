import { describe, expect, it } from "vitest";
import { BodyRejectedError, parseFormBody, parseJsonBody, readBodyText, saneRequestId } from "../../../lib/http/index.ts";

async function* chunksOf(...parts: string[]): AsyncGenerator<Uint8Array> {
  for (const part of parts) yield Buffer.from(part);
}

async function refusal(promise: Promise<unknown>): Promise<BodyRejectedError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(BodyRejectedError);
  return error as BodyRejectedError;
}

describe("request ids shared by the portal and both services", () => {
  it("keeps a sane id of up to 128 characters and replaces anything else", () => {
    expect(saneRequestId("abc-123_x.y:z")).toBe("abc-123_x.y:z");
    expect(saneRequestId("x".repeat(128))).toBe("x".repeat(128));
    for (const bad of [null, undefined, "", "a b", "x".repeat(129), "id\nforged-line", "<script>", ["a", "b"]]) {
      expect(saneRequestId(bad)).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

describe("request bodies", () => {
  it("reads a streamed body under its limit", async () => {
    expect(await readBodyText(chunksOf("a=1&", "b=2"), 16)).toBe("a=1&b=2");
    expect(await readBodyText(null, 16)).toBe("");
  });

  it("refuses with 413 by declared length before reading, and by counted bytes while streaming", async () => {
    expect((await refusal(readBodyText(chunksOf("tiny"), 16, "17"))).status).toBe(413);
    expect((await refusal(readBodyText(chunksOf("0123456789", "0123456789"), 16))).status).toBe(413);
  });

  it("parses JSON, an empty body as an empty object, and refuses broken JSON with 400", async () => {
    expect(parseJsonBody('{"email":"a@b.test"}')).toEqual({ email: "a@b.test" });
    expect(parseJsonBody("  ")).toEqual({});
    expect((await refusal(Promise.resolve().then(() => parseJsonBody("{nope")))).status).toBe(400);
  });

  it("keeps the first value of each form field and refuses a NUL anywhere with 400", async () => {
    expect(parseFormBody("email=a%40b.test&email=second&code=123456")).toEqual({ email: "a@b.test", code: "123456" });
    expect((await refusal(Promise.resolve().then(() => parseFormBody("email=a%00b")))).status).toBe(400);
    expect((await refusal(Promise.resolve().then(() => parseFormBody("e%00=x")))).status).toBe(400);
  });
});
