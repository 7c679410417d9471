import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface SmtpSink {
  url: string;
  received: ReceivedMail[];
  /** How the next messages are answered: each entry refuses one message with that SMTP code (451, 550, …). */
  refuseNext(...codes: number[]): void;
  /** Every message refused with this code from now on (null: accepted again). */
  refuseAll(code: number | null): void;
  close(): Promise<void>;
}

/** A real SMTP server (on a free port unless given one) that keeps what it receives; it checks the user name and password. */
export async function startSmtpSink(
  credentials: { user: string; pass: string },
  options: { port?: number; onReceived?: (mail: ReceivedMail) => void } = {},
): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const refusals: number[] = [];
  let always: number | null = null;
  const server = new SMTPServer({
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === credentials.user && auth.password === credentials.pass) return callback(null, { user: auth.username });
      callback(Object.assign(new Error("Invalid username or password"), { responseCode: 535 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const code = refusals.shift() ?? always;
        if (code) return callback(Object.assign(new Error(code < 500 ? "Try again later" : "Refused"), { responseCode: code }));
        const mail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        };
        received.push(mail);
        options.onReceived?.(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://${encodeURIComponent(credentials.user)}:${encodeURIComponent(credentials.pass)}@127.0.0.1:${port}`,
    received,
    refuseNext: (...codes) => void refusals.push(...codes),
    refuseAll: (code) => void (always = code),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
