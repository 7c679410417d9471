import { redirect } from "react-router";
import type { PasswordUpdateState } from "~/domain/password-update-steps";
import { PASSWORD_UPDATE_PATH } from "~/domain/password-update-view";
import { patientFullName } from "~/domain/patient-results";
import { safeReturnTo } from "~/domain/return-to";
import { deviceOf } from "~/domain/session-device";
import { callAccountApi } from "./account.server";
import type { SignedInParticipant } from "./authenticator.server";
import { flashNotification } from "./flash.server";
import { languageCookie, rememberLanguage } from "./language.server";
import { requestIdOf } from "./logger.server";
import { PASSWORD_UPDATE_FLOW } from "./password-update.server";
import { fetchPatientResults } from "./results.server";
import { takeResumableFlow } from "./resumable-flows.server";
import { returnToCookie } from "./session-cookie.server";
import { createSession, type NewSession } from "./session-store.server";
import { sessionCookieFor } from "./session.server";

/**
 * Starts a fresh session (a new id at every sign-in) and returns to the page asked for. The name in
 * the header comes from the results Patient; the id token's name stands in while results are down.
 */
export async function startParticipantSession(participant: SignedInParticipant, request: Request) {
  const results = await fetchPatientResults({ ...participant, requestId: requestIdOf(request) });
  const fullName = results.ok ? patientFullName(results.results.patient) || participant.nameFromIdToken : participant.nameFromIdToken;
  // After a recovery code, Login & Security first, to review the sign-in methods.
  const returnTo = participant.usedRecoveryCode
    ? "/profile/security"
    : safeReturnTo(await returnToCookie.parse(request.headers.get("Cookie")));
  return startSession(
    {
      ...participant,
      tokenType: "IDP",
      fullName,
      sourceId: null,
      flowState: await flowsToResume(participant, returnTo),
      device: deviceOf(request.headers.get("User-Agent")),
    },
    returnTo,
    await languageForNewSession(participant, request),
    participant.usedRecoveryCode
      ? await flashNotification({
          type: "warning",
          titleKey: "profile:factors.reviewTitle",
          bodyKey: "profile:factors.reviewBody",
          visibleMs: 0,
        })
      : null,
  );
}

/**
 * Signing in again on the way back to the password update (the expired-session screen's returnTo)
 * takes up the step the participant was on, when the identity provider still has that update open.
 */
async function flowsToResume(participant: SignedInParticipant, returnTo: string): Promise<Record<string, unknown>> {
  if (!returnTo.startsWith(PASSWORD_UPDATE_PATH)) return {};
  const state = await takeResumableFlow<PasswordUpdateState>(participant.userId, PASSWORD_UPDATE_FLOW);
  if (!state) return {};
  const status = await callAccountApi("password-update-status", participant, { attemptId: state.passwordAttempt ?? "resume-check" });
  if (!status.ok) return {};
  // A passed code opened the new password for the session that ended only: this one verifies again.
  const verifiedElsewhere = state.step === "new-password" && status.answer.nextStep !== "done";
  return { [PASSWORD_UPDATE_FLOW]: verifiedElsewhere ? { step: "mfa-verification-pick", phoneNumber: state.phoneNumber } : state };
}

/**
 * SPEC.md §4 'Language' at sign-in: a language chosen on the hosted sign-in pages becomes the portal's
 * (the language cookie). Otherwise, on a browser that has never chosen one, the participant's profile
 * language does; a language already chosen (the cookie) is kept.
 */
async function languageForNewSession(participant: SignedInParticipant, request: Request): Promise<string | null> {
  if (participant.chosenLanguage) return rememberLanguage(participant.chosenLanguage);
  if (!participant.profileLanguage) return null;
  if ((await languageCookie.parse(request.headers.get("Cookie"))) !== null) return null;
  return rememberLanguage(participant.profileLanguage);
}

/** The new session's cookie, the `cookies` given (a language, a notification) and the spent returnTo cleared. */
export async function startSession(session: NewSession, returnTo: string, ...cookies: (string | null)[]) {
  const headers = new Headers({ "Cache-Control": "no-store" });
  cookies.unshift(await sessionCookieFor(await createSession(session)));
  cookies.push(await returnToCookie.serialize("", { maxAge: 0, expires: new Date(0) }));
  for (const cookie of cookies) if (cookie) headers.append("Set-Cookie", cookie);
  return redirect(returnTo, { headers });
}
