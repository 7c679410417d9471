import QRCode from "qrcode";
import * as z from "zod";
import { SignInFactorsSchema } from "~/domain/sign-in-factor-forms";
import type { SignInFactors } from "~/domain/sign-in-factors";
import { CodeDeliverySchema, type CodeDeliveryProblem } from "~/domain/verification";
import { callAccountApi, type AccountCall, type AccountOperation } from "./account.server";
import { oncePerRequest } from "./per-request.server";
import type { PortalSession } from "./session.server";

/**
 * Login & Security's sign-in methods, through the identity provider's account API with the
 * participant's access token. Every change needs a code passed in the last 5 minutes, which the
 * provider checks itself; the portal only walks the participant there.
 */

export type FactorFailure = {
  ok: false;
  httpStatus: number;
  errorCode?: string;
  values?: Record<string, number>;
  /** A new number the text provider refused: why. */
  refusal?: NonNullable<CodeDeliveryProblem["refusal"]>;
};
/** A call's outcome: done, with what `T` adds, or the provider's refusal. */
type Outcome<T = unknown> = Promise<({ ok: true } & T) | FactorFailure>;

const failure = (call: Extract<AccountCall, { ok: false }>): FactorFailure => ({
  ok: false,
  httpStatus: call.httpStatus,
  errorCode: call.answer.errorCode,
  values: call.answer.errorValues,
});

/** A change whose answer carries nothing more than that it was done (removing, renaming, a passkey instead of a code...). */
export async function changeFactor(operation: AccountOperation, session: PortalSession, body?: Record<string, unknown>): Outcome {
  const call = await callAccountApi(operation, session, body);
  return call.ok ? { ok: true } : failure(call);
}

/** Read once per request when the loaders pass their context (Login & Security and its password step both show them). */
export function readFactors(session: PortalSession, context?: Parameters<typeof oncePerRequest>[0]): Promise<SignInFactors | null> {
  return oncePerRequest(context, "sign-in-factors", async () => {
    const call = await callAccountApi("factors", session);
    return call.ok ? (SignInFactorsSchema.safeParse(call.answer.factors).data ?? null) : null;
  });
}

const TotpSchema = z.object({ secret: z.string().min(16), uri: z.string().startsWith("otpauth://") });

export async function startTotp(session: PortalSession): Outcome<{ secret: string; uri: string }> {
  const call = await callAccountApi("totp-enrol-start", session);
  if (!call.ok) return failure(call);
  const totp = TotpSchema.safeParse(call.answer.totp);
  return totp.success ? { ok: true, ...totp.data } : { ok: false, httpStatus: 502 };
}

const codesOf = (call: Extract<AccountCall, { ok: true }>) => z.array(z.string()).safeParse(call.answer.recoveryCodes).data ?? null;

/**
 * A new strong factor (the app's first code, a passkey): its answer carries the recovery codes when
 * this is the participant's first.
 */
export async function addFactor(
  operation: "totp-enrol-confirm" | "passkey-register-finish",
  session: PortalSession,
  body: Record<string, unknown>,
): Outcome<{ codes: string[] | null }> {
  const call = await callAccountApi(operation, session, body);
  return call.ok ? { ok: true, codes: codesOf(call) } : failure(call);
}

export async function newRecoveryCodes(session: PortalSession, device: string): Outcome<{ codes: string[] }> {
  const call = await callAccountApi("recovery-codes-regenerate", session, { device });
  if (!call.ok) return failure(call);
  const codes = codesOf(call);
  return codes ? { ok: true, codes } : { ok: false, httpStatus: 502 };
}

/** The QR code of an otpauth:// address, drawn on the server as SVG (no script, no request to anyone). */
export async function qrCodeImage(uri: string): Promise<string> {
  const svg = await QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
}

/** The options the browser's WebAuthn call needs (the provider keeps their challenge). */
async function passkeyOptions(operation: AccountOperation, session: PortalSession, body?: Record<string, unknown>) {
  const call = await callAccountApi(operation, session, body);
  return call.ok ? { ok: true as const, options: call.answer.passkeyOptions } : failure(call);
}

/** To create a passkey. */
export const passkeyRegistrationOptions = (session: PortalSession) => passkeyOptions("passkey-register-start", session);

/** A passkey instead of a code: limited to the participant's own passkeys. */
export const passkeyAssertionOptions = (session: PortalSession, purpose: "factors" | "withdrawal" | "password-update") =>
  passkeyOptions("passkey-assert-start", session, { purpose });

/** The browser's WebAuthn answer as a form carried it; null when it is not JSON. */
export function credentialOf(value: FormDataEntryValue | null): unknown {
  try {
    const parsed: unknown = JSON.parse(String(value ?? ""));
    return parsed && typeof parsed === "object" ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * A new phone number: the provider sends a code to it (and answers the number masked). Without a code
 * to the old number (`oldNumberUnavailable`), the change will wait out the provider's cooling-off period.
 */
export async function startPhoneChange(
  session: PortalSession,
  phone: string,
  device: string,
  oldNumberUnavailable = false,
): Outcome<{ newPhone: string }> {
  const call = await callAccountApi("phone-change-start", session, { phone, device, oldNumberUnavailable });
  if (call.ok) return { ok: true, newPhone: call.answer.phoneNumber ?? "" };
  // The provider refused the text to the new number (`phoneNotReached`): why, where the participant can act on it.
  const refusal = CodeDeliverySchema.parse(call.answer.delivery)?.refusal;
  return { ...failure(call), ...(call.answer.errorCode === "phoneNotReached" ? { refusal: refusal ?? "other" } : {}) };
}

/** The new number's code: the number changed, or (`effectiveAt`) the change is requested and waits until then. */
export async function confirmPhoneChange(session: PortalSession, code: string, device: string): Outcome<{ effectiveAt: string | null }> {
  const call = await callAccountApi("phone-change-confirm", session, { code, device });
  if (!call.ok) return failure(call);
  const effectiveAt = z.iso.datetime().safeParse(call.answer.effectiveAt);
  if (call.answer.nextStep !== "cooling-off") return { ok: true, effectiveAt: null };
  return effectiveAt.success ? { ok: true, effectiveAt: effectiveAt.data } : { ok: false, httpStatus: 502 };
}
