import type { IncomingMessage, ServerResponse } from "node:http";
import type { FormProblem } from "../../domain/account-forms.ts";
import { UNKNOWN_ACCOUNT_HASH, verifyPassword } from "../../domain/password-hash.ts";
import { clientAddress, readForm, redirect, sendHtml } from "../../http/io.ts";
import { cspNonceOf } from "../../http/security-headers.ts";
import { type MessageKey, translator } from "../../pages/i18n.ts";
import { renderIdentifyPage } from "../../pages/identify-page.tsx";
import { normalizeEmail } from "../../store/accounts.ts";
import type { SignInState } from "../../store/sign-in-states.ts";
import type { LoginInteraction } from "../account-flow-deps.ts";
import { ACCOUNT_SIGN_IN_LIMIT, ADDRESS_SIGN_IN_LIMIT, ADDRESS_SLOWDOWN_MS } from "../deps.ts";
import { passwordCapNotice } from "../factor-notices.ts";
import { checkRefused, forgetFormError, formErrorOf, type Refusal, refuseTo } from "../form-error.ts";
import { isRememberedDevice } from "../remember-device.ts";
import type { SignInContext } from "./context.ts";

/** What the sign-in page may say above its form when asked for by a fixed value (nothing from the query reaches the page). */
const NOTICES: Record<string, MessageKey> = {
  unlocked: "identify.unlocked",
  "unlocked-reset-needed": "identify.unlockedResetNeeded",
};

const checkScopeOf = (username: string) => `sign-in:${normalizeEmail(username)}`;

/** The first step: e-mail and password. A refused attempt is answered with a redirect to its error (post-redirect-get). */
export function createIdentifyStep(context: SignInContext) {
  const { deps, finish, saveState, refusedCheck } = context;
  const { accounts, throttle, factors, now } = deps;

  function show(req: IncomingMessage, res: ServerResponse, interaction: LoginInteraction, query: URLSearchParams) {
    const { uid, locale } = interaction;
    const t = translator(locale);
    const refused = formErrorOf(req, deps, uid, "identify");
    const noticeName = query.get("notice") ?? "";
    const notice = Object.hasOwn(NOTICES, noticeName) ? NOTICES[noticeName] : undefined;
    sendHtml(
      res,
      refused?.status ?? 200,
      renderIdentifyPage({
        locale,
        uid,
        message: notice ? t(notice) : undefined,
        // A feature that is switched off is not offered.
        links: {
          register: deps.registrationEnabled ? `/interaction/${uid}/register` : undefined,
          recover: `/interaction/${uid}/recover`,
          unlock: deps.selfServiceUnlockEnabled ? `/interaction/${uid}/unlock` : undefined,
        },
        nonce: cspNonceOf(res),
        passwordCapped: noticeName === "unlocked-reset-needed",
        ...(refused && {
          username: refused.values.username,
          remember: refused.values.remember === "true",
          passwordCapped: refused.flags.includes("passwordCapped"),
          ...refusedCheck(res, t, refused, checkScopeOf(refused.values.username ?? ""), t("identify.submit")),
        }),
      }),
    );
  }

  async function identify(req: IncomingMessage, res: ServerResponse, interaction: LoginInteraction) {
    const form = await readForm(req);
    const username = (form.username ?? "").trim();
    const password = form.password ?? "";
    const remember = form.rememberMe === "true" || form.rememberMe === "on";
    const refuse = (refusal: Refusal) =>
      refuseTo(res, deps, interaction.uid, "identify", `/interaction/${interaction.uid}`, {
        ...refusal,
        values: { username, remember: remember ? "true" : "", ...refusal.values },
      });
    // Once failures pile up, the refused page asks for the security check.
    const checkFlag = async () => ((await escalated()) ? ["humanCheck"] : []);
    // The same words whether the e-mail has an account or not: only a reset lets this password in again.
    const refuseCapped = async () =>
      refuse({ errors: [{ field: "username", key: "identify.passwordCapped" }], flags: ["passwordCapped", ...(await checkFlag())] });

    const missing: FormProblem[] = [];
    if (!username) missing.push({ field: "username", key: "identify.usernameRequired" });
    if (!password) missing.push({ field: "password", key: "identify.passwordRequired" });
    if (missing.length) return refuse({ errors: missing });

    // The participant's own device (signed remember-device cookie) has a failure count of its own,
    // so a stranger's wrong passwords never keep it out.
    const account = await accounts.findByEmail(username);
    const trustedDevice = account ? isRememberedDevice(req, deps.cookieKeys, account.id, deps.secureCookies, now()) : false;
    const accountBucket = `sign-in-fail:${trustedDevice ? "device" : "account"}:${normalizeEmail(username)}`;
    const addressBucket = `sign-in-fail:address:${clientAddress(req, deps.trustedProxies)}`;
    const escalated = async () =>
      (await throttle.isLimited(accountBucket, ACCOUNT_SIGN_IN_LIMIT)) || (await throttle.isLimited(addressBucket, ADDRESS_SIGN_IN_LIMIT));
    const recordFailure = () => throttle.record(accountBucket, addressBucket);
    // Many failures for the account (but from her remembered device) or one address (perhaps a shared NAT)
    // escalate to a human check and a slower answer, never to refusing the right password.
    if (await escalated()) {
      await deps.slowDown(ADDRESS_SLOWDOWN_MS);
      const answer = await deps.humanCheck.check(form, checkScopeOf(username));
      if (answer !== "passed") return refuse(checkRefused(answer, form));
    }
    // Counted per e-mail as typed (known or not) before comparing. Past the cap of consecutive wrong passwords
    // (NIST SP 800-63B-4 §3.2.2) only 'Forgot password?' lets it in. Her remembered browser keeps a run of
    // its own that a stranger cannot add to.
    const failureScope = trustedDevice ? "device" : "new";
    const run = await deps.passwordFailures.begin(username, failureScope);
    if (!run.compare) {
      await recordFailure();
      return refuseCapped();
    }
    const passwordOk = await verifyPassword(password, account?.passwordHash ?? UNKNOWN_ACCOUNT_HASH);
    if (!account || !passwordOk) {
      await recordFailure();
      if (run.last) {
        if (account) await passwordCapNotice(deps, account, run.failures);
        return refuseCapped();
      }
      return refuse({ errors: [{ field: "username", key: "identify.invalidCredentials" }], flags: await checkFlag() });
    }
    await throttle.clear(accountBucket);
    await deps.passwordFailures.clear(username, failureScope);
    forgetFormError(req, res, deps, interaction.uid);

    const hasSecondFactor = Boolean(account.phone) || (await factors.hasTotp(account.id));
    const step = hasSecondFactor ? "select" : "enrol";
    const state: SignInState = { interactionUid: interaction.uid, accountId: account.id, remember, step, method: null, pendingPhone: null };
    if (hasSecondFactor && trustedDevice) return finish(req, res, interaction, state, ["pwd"], false);
    await saveState(state);
    redirect(res, `/interaction/${interaction.uid}`);
  }

  return { show, identify };
}
