import type { IncomingMessage } from "node:http";
import type { Account } from "../store/accounts.ts";
import type { FactorEventKind } from "../store/factors.ts";
import type { Outbox } from "../store/outbox.ts";
import { noticeToAccount } from "./account-notice.ts";

const BROWSERS: Array<[RegExp, string]> = [
  [/Edg\//, "Edge"],
  [/Firefox\//, "Firefox"],
  [/Chrome\//, "Chrome"],
  [/Safari\//, "Safari"],
];
const SYSTEMS: Array<[RegExp, string]> = [
  [/Android/, "Android"],
  [/iPhone|iPad/, "iOS"],
  [/Windows/, "Windows"],
  [/Mac OS X/, "macOS"],
  [/Linux/, "Linux"],
];

/** 'Chrome on Linux': enough for a participant to recognise their device in the list of changes, nothing more. */
export function deviceName(userAgent: string | undefined): string {
  const agent = userAgent ?? "";
  const browser = BROWSERS.find(([pattern]) => pattern.test(agent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(agent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? "Unknown device";
}

export const deviceOf = (req: IncomingMessage) => deviceName(req.headers["user-agent"]);

/** Every change to the sign-in factors is told to the participant's own e-mail address (development outbox). */
export async function factorNotice(outbox: Outbox, account: Account, kind: FactorEventKind): Promise<void> {
  await noticeToAccount(outbox, account, (t) => ({
    subject: t("email.factorChangedSubject", { change: t(`email.factor.${kind}` as Parameters<typeof t>[0]) }),
  }));
}

export type PasswordNoticeKind = "changed" | "reset";

/**
 * A new password is told to the participant's own e-mail address, in their language: a reset needs
 * only the phone ('Forgot password?'), so whoever holds it could take the account. The e-mail says
 * what to do if it was not them; it never carries the password.
 */
export async function passwordNotice(outbox: Outbox, account: Account, kind: PasswordNoticeKind, portalUrl: string): Promise<void> {
  const link = portalUrl.replace(/\/$/, "");
  await noticeToAccount(outbox, account, (t) => ({
    subject: t(kind === "reset" ? "email.passwordResetSubject" : "email.passwordChangedSubject"),
    body: t(kind === "reset" ? "email.passwordResetBody" : "email.passwordChangedBody", { link }),
    link,
  }));
}

/**
 * The password stopped working after too many wrong passwords in a row (the cap): told to the
 * account's own address, in its language, once per run, with the way back ('Forgot password?').
 */
export async function passwordCapNotice(outbox: Outbox, account: Account, failures: number, portalUrl: string): Promise<void> {
  const link = portalUrl.replace(/\/$/, "");
  await noticeToAccount(outbox, account, (t) => ({
    subject: t("email.passwordCappedSubject"),
    body: t("email.passwordCappedBody", { count: String(failures), link }),
    link,
  }));
}
