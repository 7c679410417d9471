import { maskPhone } from "../domain/phone.ts";
import type { Translate } from "../pages/i18n.ts";
import type { Account } from "../store/accounts.ts";
import type { FactorEventKind } from "../store/factors.ts";
import type { Outbox } from "../store/outbox.ts";
import { noticeToAccount } from "./account-notice.ts";
import type { InteractionDeps } from "./deps.ts";
import { noticeDate } from "./phone-change-notices.ts";

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

const UNKNOWN_DEVICE = "Unknown device";

/** 'Chrome on Linux': enough for a participant to recognise their device in the list of changes, nothing more. */
export function deviceName(userAgent: string | undefined): string {
  const agent = userAgent ?? "";
  const browser = BROWSERS.find(([pattern]) => pattern.test(agent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(agent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? UNKNOWN_DEVICE;
}

/** A device as deviceName() names it, in an e-mail's language ('Chrome en Linux'). */
export function deviceInWords(t: Translate, device: string): string {
  if (!device || device === UNKNOWN_DEVICE) return t("email.unknownDevice");
  const [browser, system] = device.split(" on ");
  return browser && system ? t("email.device", { browser, system }) : device;
}

/** Every change to the sign-in factors is e-mailed to the participant: what, when (UTC), from which device, and what if not them. */
export async function factorNotice(
  outbox: Outbox,
  account: Account,
  kind: FactorEventKind,
  // When and from where it was made; `phone`: the new number, for a changed phone (shown masked).
  context: { at: Date; device: string; portalUrl: string; phone?: string },
): Promise<void> {
  const link = `${context.portalUrl.replace(/\/$/, "")}/profile/security`;
  await noticeToAccount(outbox, account, (t, locale) => ({
    subject: t("email.factorChangedSubject", { change: t(`email.factor.${kind}`) }),
    body: [
      t(`email.factorBody.${kind}`, {
        date: noticeDate(context.at, locale),
        device: deviceInWords(t, context.device),
        phone: context.phone ? maskPhone(context.phone) : "",
      }),
      t("email.factorNotYou", { link }),
    ].join("\n\n"),
    link,
  }));
}

/** Every change is recorded (Login & Security lists them) and e-mailed to the participant. */
export function factorChangeRecorder(deps: Pick<InteractionDeps, "factors" | "outbox" | "now" | "portalUrl">) {
  return async (account: Account, kind: FactorEventKind, device: string, details: { phone?: string } = {}): Promise<void> => {
    await deps.factors.record(account.id, kind, device);
    await factorNotice(deps.outbox, account, kind, { at: deps.now(), device, portalUrl: deps.portalUrl, ...details });
  };
}

/** A new password is e-mailed (never itself): a reset needs only the phone, whose holder could take the account. */
export async function passwordNotice(deps: Pick<InteractionDeps, "outbox" | "portalUrl">, account: Account, kind: "changed" | "reset") {
  const link = deps.portalUrl.replace(/\/$/, "");
  await noticeToAccount(deps.outbox, account, (t) => ({
    subject: t(kind === "reset" ? "email.passwordResetSubject" : "email.passwordChangedSubject"),
    body: t(kind === "reset" ? "email.passwordResetBody" : "email.passwordChangedBody", { link }),
    link,
  }));
}

/** The password stopped working at the cap of wrong passwords in a row: e-mailed once per run, with 'Forgot password?'. */
export async function passwordCapNotice(deps: Pick<InteractionDeps, "outbox" | "portalUrl">, account: Account, failures: number) {
  const link = deps.portalUrl.replace(/\/$/, "");
  await noticeToAccount(deps.outbox, account, (t) => ({
    subject: t("email.passwordCappedSubject"),
    body: t("email.passwordCappedBody", { count: String(failures), link }),
    link,
  }));
}
