import { connect } from "node:net";
import { Writable } from "node:stream";
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { beginSignIn, Browser, identityServiceForSuite } from "./support.ts";

/** A client that goes away mid-request is the client's doing: logged at info, never as the service's error. */

const lines: { level: number; msg: string; requestId?: string }[] = [];
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString().split("\n").filter(Boolean)) lines.push(JSON.parse(line) as (typeof lines)[number]);
    done();
  },
});
const idp = identityServiceForSuite({ logger: pino({ level: "info" }, sink) });

describe("a sign-in form whose client goes away before its body arrives", () => {
  it("is logged at info ('client went away'), with no error line", async () => {
    const browser = new Browser(idp.url);
    const { uid } = await beginSignIn(browser);
    const { port } = new URL(idp.url);
    await new Promise<void>((resolve) => {
      const socket = connect(Number(port), "127.0.0.1", () => {
        socket.write(
          [
            `POST /interaction/${uid}/identify HTTP/1.1`,
            "Host: 127.0.0.1",
            `Cookie: ${browser.jar.header()}`,
            "X-Request-Id: went-away-1",
            "Content-Type: application/x-www-form-urlencoded",
            "Content-Length: 1000",
            "",
            "username=a",
          ].join("\r\n"),
        );
        setTimeout(() => socket.destroy(), 200);
        socket.on("close", () => resolve());
      });
    });
    await expect
      .poll(() => lines.some((line) => line.requestId === "went-away-1" && line.msg === "client went away"), { timeout: 10_000 })
      .toBe(true);
    expect(lines.filter((line) => line.level >= 50)).toEqual([]);
  });
});
