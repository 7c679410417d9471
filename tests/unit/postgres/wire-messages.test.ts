import { describe, expect, it } from "vitest";
import { lastTransactionStatus, takeOpeningMessage, takeTypedMessages } from "../../../lib/postgres/wire-messages.ts";

function message(type: string, body: Buffer): Buffer {
  const header = Buffer.alloc(5);
  header.write(type, 0, "latin1");
  header.writeInt32BE(4 + body.length, 1);
  return Buffer.concat([header, body]);
}

const readyForQuery = (status: string) => message("Z", Buffer.from(status, "latin1"));

describe("PostgreSQL protocol framing for the embedded database server", () => {
  it("cuts a stream into whole messages and keeps an incomplete one for later", () => {
    const parse = message("P", Buffer.from("\0SELECT 1\0\0\0", "latin1"));
    const sync = message("S", Buffer.alloc(0));
    const stream = Buffer.concat([parse, sync, parse.subarray(0, 7)]);
    const { messages, rest } = takeTypedMessages(stream);
    expect(messages.map((entry) => entry.type)).toEqual(["P", "S"]);
    expect(rest).toEqual(parse.subarray(0, 7));
  });

  it("tells the transaction status from the last ReadyForQuery of a reply", () => {
    const complete = message("C", Buffer.from("INSERT 0 1\0", "latin1"));
    expect(lastTransactionStatus(Buffer.concat([complete, readyForQuery("T")]))).toBe("T");
    expect(lastTransactionStatus(Buffer.concat([readyForQuery("T"), complete, readyForQuery("I")]))).toBe("I");
    expect(lastTransactionStatus(Buffer.concat([message("E", Buffer.from("SERROR\0\0", "latin1")), readyForQuery("E")]))).toBe("E");
    expect(lastTransactionStatus(complete)).toBeNull();
  });

  it("answers an SSL request before the startup message, which it passes on whole", () => {
    const ssl = Buffer.alloc(8);
    ssl.writeInt32BE(8, 0);
    ssl.writeInt32BE(80_877_103, 4);
    const parameters = Buffer.from("user\0postgres\0\0", "latin1");
    const startup = Buffer.alloc(8 + parameters.length);
    startup.writeInt32BE(startup.length, 0);
    startup.writeInt32BE(196_608, 4);
    parameters.copy(startup, 8);
    const first = takeOpeningMessage(Buffer.concat([ssl, startup]));
    expect(first?.message.kind).toBe("ssl-request");
    const second = takeOpeningMessage(first!.rest);
    expect(second?.message).toEqual({ kind: "startup", bytes: startup });
    expect(takeOpeningMessage(startup.subarray(0, 10))).toBeNull();
  });
});
