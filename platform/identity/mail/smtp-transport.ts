import nodemailer from "nodemailer";
import { assertOutsideTransaction } from "../../../lib/postgres/transaction-scope.ts";
import type { SendFailure } from "../delivery/delivery-worker.ts";
import type { RenderedEmail } from "./email-content.ts";
import type { MailSettings } from "./mail-settings.ts";

/** 5xx is the server's final word on this message; everything else (4xx, a dropped connection, a timeout) is worth another try. */
export function failureOf(error: unknown): SendFailure {
  const { responseCode, code } = (error ?? {}) as { responseCode?: unknown; code?: unknown };
  const status = typeof responseCode === "number" ? responseCode : null;
  const kind = typeof code === "string" && /^[A-Z_]{2,20}$/.test(code) ? code : "ERROR";
  return { permanent: status !== null && status >= 500 && status < 600, reason: status ? `${kind} ${status}` : kind };
}

/** nodemailer over SMTP: one connection per message, short timeouts so a stuck server never holds a lease. */
export function createSmtpTransport(smtp: MailSettings["smtp"], from: string) {
  const transporter = nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    ...(smtp.user ? { auth: { user: smtp.user, pass: smtp.pass ?? "" } } : {}),
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    logger: false,
    debug: false,
  });
  return {
    async send(email: RenderedEmail) {
      assertOutsideTransaction("sending e-mail");
      await transporter.sendMail({ from, ...email });
    },
    close() {
      transporter.close();
    },
  };
}

export type MailTransport = ReturnType<typeof createSmtpTransport>;
