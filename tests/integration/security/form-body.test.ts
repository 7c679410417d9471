import { describe, expect, it, vi } from "vitest";
import { FORM_BODY_LIMIT_BYTES, readForm, readLimitedText } from "~/services/form-body.server";

function post(body: BodyInit, headers: Record<string, string> = { "Content-Type": "application/x-www-form-urlencoded" }) {
  return new Request("http://localhost/x", { method: "POST", body, headers, duplex: "half" } as RequestInit);
}

async function statusOf(promise: Promise<unknown>): Promise<number> {
  try {
    await promise;
    return 200;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    throw thrown;
  }
}

function chunked(
  totalBytes: number,
  seen: { pulled: number; cancelled: boolean } = { pulled: 0, cancelled: false },
): ReadableStream<Uint8Array> {
  return new ReadableStream({
    pull(controller) {
      if (seen.pulled >= totalBytes) return controller.close();
      const chunk = new Uint8Array(Math.min(4096, totalBytes - seen.pulled)).fill(97);
      seen.pulled += chunk.byteLength;
      controller.enqueue(chunk);
    },
    cancel() {
      seen.cancelled = true;
    },
  });
}

/** Resolves once the stream has been read to its end or cancelled. */
function settled(seen: { pulled: number; cancelled: boolean }, totalBytes: number): Promise<void> {
  return vi.waitFor(() => expect(seen.cancelled || seen.pulled >= totalBytes).toBe(true));
}

describe("readForm", () => {
  it("reads url-encoded fields, repeated names kept in order", async () => {
    const form = await readForm(post("a=1&b=%C3%B1&a=2"));
    expect(form.getAll("a")).toEqual(["1", "2"]);
    expect(form.get("b")).toBe("ñ");
  });

  it("reads multipart forms", async () => {
    const body = new FormData();
    body.set("intent", "dismiss");
    const request = new Request("http://localhost/x", { method: "POST", body });
    expect((await readForm(request)).get("intent")).toBe("dismiss");
  });

  it("accepts a body of exactly the limit and refuses one byte more with 413", async () => {
    expect(await statusOf(readForm(post("a=" + "b".repeat(FORM_BODY_LIMIT_BYTES - 2))))).toBe(200);
    expect(await statusOf(readForm(post("a=" + "b".repeat(FORM_BODY_LIMIT_BYTES - 1))))).toBe(413);
  });

  it("refuses a declared Content-Length above the limit without reading the body", async () => {
    const request = post("a=1", {
      "Content-Type": "application/x-www-form-urlencoded",
      "Content-Length": String(FORM_BODY_LIMIT_BYTES + 1),
    });
    expect(await statusOf(readForm(request))).toBe(413);
    expect(request.bodyUsed).toBe(false);
  });

  it("counts a streamed body with no declared length", async () => {
    expect(await statusOf(readForm(post(chunked(FORM_BODY_LIMIT_BYTES * 4))))).toBe(413);
  });

  it("drops the rest of a refused streamed body instead of cancelling it (a cancel would cut the connection before the 413 is written)", async () => {
    const seen = { pulled: 0, cancelled: false };
    const total = FORM_BODY_LIMIT_BYTES * 8;
    expect(await statusOf(readForm(post(chunked(total, seen))))).toBe(413);
    await settled(seen, total);
    expect(seen).toEqual({ pulled: total, cancelled: false });
  });

  it("cuts off a refused streamed body that goes on far past the limit", async () => {
    const seen = { pulled: 0, cancelled: false };
    const total = 64 * 1024 * 1024;
    expect(await statusOf(readForm(post(chunked(total, seen))))).toBe(413);
    await settled(seen, total);
    expect(seen.cancelled).toBe(true);
    expect(seen.pulled).toBeLessThan(2 * 1024 * 1024);
  });

  it("reads any body as text under the same limit", async () => {
    expect(await readLimitedText(post('{"message":"ñ"}', { "Content-Type": "application/json" }))).toBe('{"message":"ñ"}');
    expect(await statusOf(readLimitedText(post("x".repeat(1025)), 1024))).toBe(413);
    expect(await statusOf(readLimitedText(post(chunked(2048)), 1024))).toBe(413);
  });

  it("answers 400 for a broken multipart body and 415 for other content types", async () => {
    expect(await statusOf(readForm(post("--x\r\nnot a part", { "Content-Type": "multipart/form-data; boundary=x" })))).toBe(400);
    expect(await statusOf(readForm(post("{}", { "Content-Type": "application/json" })))).toBe(415);
  });
});
