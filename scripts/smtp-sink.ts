import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { startSmtpSink } from "../tests/support/smtp-sink.ts";

/**
 * A local SMTP server for trying the identity provider's e-mail delivery (development only): every
 * e-mail it receives is written whole to `.data/smtp-sink/<n>.eml` (any mail program opens it) and
 * one line says who it was for. Usage: npm run smtp-sink, then start the stack with the SMTP_URL it
 * prints. SMTP_SINK_PORT (2525) and SMTP_SINK_DIR change where it listens and writes.
 */
const port = Number(process.env.SMTP_SINK_PORT ?? 2525);
const directory = path.resolve(process.env.SMTP_SINK_DIR ?? ".data/smtp-sink");
const credentials = { user: "portal", pass: "local-smtp-only" };
mkdirSync(directory, { recursive: true });

let count = 0;
const sink = await startSmtpSink(credentials, {
  port,
  onReceived: (mail) => {
    count += 1;
    const file = path.join(directory, `${String(count).padStart(4, "0")}.eml`);
    writeFileSync(file, mail.raw);
    console.log(`e-mail ${count} for ${mail.to.join(", ")}: ${file}`);
  },
});
console.log(`SMTP server listening. Start the stack with:\n  SMTP_URL=${sink.url} MAIL_FROM=no-reply@portal.example npm start`);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => void sink.close().then(() => process.exit(0)));
