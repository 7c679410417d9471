import type { IncomingMessage, ServerResponse } from "node:http";
import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import { type Channel, isWellFormedCode, typedCode } from "../domain/codes.ts";
import { factorFailureBucket } from "../domain/guessing-limits.ts";
import { authenticationOptions, verifiedAuthentication } from "../domain/passkey-ceremonies.ts";
import { UNKNOWN_ACCOUNT_HASH, verifyPassword } from "../domain/password-hash.ts";
import { maskPhone, normalizePhone } from "../domain/phone.ts";
import { isWellFormedRecoveryCode } from "../domain/recovery-codes.ts";
import { clientAddress, readForm, redirect, requestLocale, sendHtml } from "../http/io.ts";
import { cspNonceOf } from "../http/security-headers.ts";
import { translator } from "../pages/i18n.ts";
import type { FieldError } from "../pages/parts.tsx";
import {
  type HumanCheckPart,
  renderChallengePage,
  renderEnrolPage,
  renderIdentifyPage,
  renderRecoveryCodePage,
  renderSelectAuthenticatorPage,
  renderSessionLostPage,
} from "../pages/sign-in-pages.tsx";
import { type Account, normalizeEmail } from "../store/accounts.ts";
import { createCodeGuard, isOverCodeBudget } from "../store/code-guard.ts";
import type { SignInState } from "../store/sign-in-states.ts";
import { loadLoginInteraction, type LoginInteraction } from "./account-flow-deps.ts";
import {
  ACCOUNT_SIGN_IN_LIMIT,
  ADDRESS_SIGN_IN_LIMIT,
  ADDRESS_SLOWDOWN_MS,
  enrolFlowKey,
  type InteractionDeps,
  RECOVERY_FAILURE_LIMIT,
  SIGN_IN_STATE_TTL_MS,
  signInFlowKey,
} from "./deps.ts";
import { deviceOf, factorNotice, passwordCapNotice } from "./factor-notices.ts";
import { notSentMessage } from "./not-sent-message.ts";
import { isRememberedDevice, rememberDevice } from "./remember-device.ts";

type Step = "identify" | "select" | "challenge" | "enrol";

/**
 * The hosted sign-in transaction (SPEC §4): identify → select authenticator → challenge, or
 * identify → enrol phone → challenge. State lives server-side, keyed by the interaction uid.
 */
export function createSignInHandler(deps: InteractionDeps) {
  const { provider, accounts, signInStates, verifications, throttle, factors, now } = deps;
  const codeGuard = createCodeGuard(throttle, verifications);

  const humanCheckFor = (res: ServerResponse, scope: string): HumanCheckPart => ({
    humanCheck: { ticket: deps.humanCheck.ticketFor(scope) },
    nonce: cspNonceOf(res),
  });

  const saveState = (state: SignInState) => signInStates.save(state, new Date(now().getTime() + SIGN_IN_STATE_TTL_MS));

  /** Links to the account pages that are switched on; a feature that is off is not offered. */
  function identifyLinks(uid: string) {
    return {
      register: deps.registrationEnabled ? `/interaction/${uid}/register` : undefined,
      recover: `/interaction/${uid}/recover`,
      unlock: deps.selfServiceUnlockEnabled ? `/interaction/${uid}/unlock` : undefined,
    };
  }

  async function finish(req: IncomingMessage, res: ServerResponse, state: SignInState, amr: string[], mfaPassed: boolean) {
    const redirectTo = await provider.interactionResult(
      req,
      res,
      {
        login: {
          accountId: state.accountId,
          acr: mfaPassed ? "urn:portal:loa:mfa" : "urn:portal:loa:remembered-device",
          amr,
          remember: state.remember,
        },
      },
      { mergeWithLastSubmission: false },
    );
    if (mfaPassed && state.remember) rememberDevice(res, deps.cookieKeys, state.accountId, deps.secureCookies, now());
    await signInStates.remove(state.interactionUid);
    redirect(res, redirectTo);
  }

  async function renderChallenge(
    res: ServerResponse,
    interaction: LoginInteraction,
    state: SignInState,
    account: Account,
    extra: { status?: number; errors?: FieldError[]; message?: string; code?: string; resendRefused?: boolean } = {},
  ) {
    const enrolling = state.step === "enrol-challenge";
    const flowKey = enrolling ? enrolFlowKey(interaction.uid) : signInFlowKey(interaction.uid);
    const phone = enrolling ? state.pendingPhone : account.phone;
    sendHtml(
      res,
      extra.status ?? 200,
      renderChallengePage({
        locale: interaction.locale,
        action: `/interaction/${interaction.uid}/challenge`,
        changeMethodHref:
          !enrolling && (account.phoneMethods.length > 1 || state.method === "totp" || (await factors.hasTotp(account.id)))
            ? `/interaction/${interaction.uid}?change=method`
            : undefined,
        changeNumberHref: enrolling ? `/interaction/${interaction.uid}?change=number` : undefined,
        recoveryHref: enrolling ? undefined : await recoveryHref(interaction.uid, account),
        code: extra.code,
        channel: state.method ?? "sms",
        maskedPhone: maskPhone(phone ?? ""),
        resendInSeconds: state.method === "totp" ? 0 : await verifications.retryAfterSeconds(flowKey),
        checkHref: `/interaction/${interaction.uid}`,
        nonce: cspNonceOf(res),
        message: extra.message,
        errors: extra.errors,
        resendRefused: extra.resendRefused,
        restartUid: interaction.uid,
      }),
    );
  }

  async function show(req: IncomingMessage, res: ServerResponse, interaction: LoginInteraction, query: URLSearchParams) {
    const wantsMethodChange = query.get("change") === "method";
    let state = await signInStates.get(interaction.uid);
    // A mistyped number: back to the number step (the code sent to it is simply never used).
    if (state?.step === "enrol-challenge" && query.get("change") === "number") {
      state = { ...state, step: "enrol", method: null, pendingPhone: null };
      await saveState(state);
    }
    const account = state ? await accounts.findById(state.accountId) : null;
    if (!state || !account) {
      // A fixed text chosen by a fixed value: nothing from the query string reaches the page.
      const message = query.get("notice") === "unlocked" ? translator(interaction.locale)("identify.unlocked") : undefined;
      sendHtml(
        res,
        200,
        renderIdentifyPage({
          locale: interaction.locale,
          uid: interaction.uid,
          message,
          links: identifyLinks(interaction.uid),
          nonce: cspNonceOf(res),
        }),
      );
      return;
    }
    if (state.step === "select" || (state.step === "challenge" && wantsMethodChange)) {
      sendHtml(res, 200, await renderSelect(interaction, account));
    } else if (state.step === "enrol") {
      sendHtml(res, 200, renderEnrolPage({ locale: interaction.locale, uid: interaction.uid }));
    } else {
      await renderChallenge(res, interaction, state, account);
    }
  }

  /** The way to sign in with a recovery code, for an account that has some left. */
  async function recoveryHref(uid: string, account: Account): Promise<string | undefined> {
    return (await factors.recoveryCodesLeft(account.id)) > 0 ? `/interaction/${uid}/recovery-code` : undefined;
  }

  /** The account's second factors, the authenticator app first when it has one. */
  async function methodsOf(account: Account): Promise<Array<Channel | "totp">> {
    return [...((await factors.hasTotp(account.id)) ? (["totp"] as const) : []), ...(account.phone ? account.phoneMethods : [])];
  }

  async function renderSelect(
    interaction: LoginInteraction,
    account: Account,
    errors?: FieldError[],
    extra: { chosen?: Channel | "totp"; message?: string; methods?: Array<Channel | "totp">; intro?: string; passkeyNonce?: string } = {},
  ) {
    const methods = extra.methods ?? (await methodsOf(account));
    const last = await factors.lastFactor(account.id);
    return renderSelectAuthenticatorPage({
      locale: interaction.locale,
      uid: interaction.uid,
      action: `/interaction/${interaction.uid}/select`,
      maskedPhone: maskPhone(account.phone ?? ""),
      methods,
      errors,
      chosen: methods.find((method) => method === last),
      intro: methods.includes("totp") ? translator(interaction.locale)("select.introFactors") : undefined,
      recoveryHref: await recoveryHref(interaction.uid, account),
      restart: true,
      ...extra,
    });
  }

  /** Who pays for this account's codes: the established participants' pool, or the newcomers'. */
  const claimOf = async (account: Account) => ({ accountKey: account.id, pool: await deps.sendingBudget.poolOf(account) });

  /**
   * No code could be sent: an error, not 'We sent…', and the participant's other factors instead of
   * a dead end: the authenticator app, the other channel when its budgets allow, a recovery code, a passkey.
   */
  async function refuseSend(res: ServerResponse, interaction: LoginInteraction, account: Account, sent: { retryAfterSeconds: number }) {
    const t = translator(interaction.locale);
    const claim = await claimOf(account);
    const methods: Array<Channel | "totp"> = (await factors.hasTotp(account.id)) ? ["totp"] : [];
    for (const channel of account.phone ? account.phoneMethods : []) {
      if (await deps.sendingBudget.wouldPass({ ...claim, channel, to: account.phone })) methods.push(channel);
    }
    const passkey = (await deps.passkeys.list(account.id)).length > 0;
    const others = methods.length > 0 || passkey || (await factors.recoveryCodesLeft(account.id)) > 0;
    const message = notSentMessage(t, { ok: false, reason: "budget", retryAfterSeconds: sent.retryAfterSeconds, scope: "account" });
    sendHtml(
      res,
      429,
      await renderSelect(interaction, account, [{ field: methods.length ? "authMethod" : "error-summary-title", message }], {
        methods,
        intro: t(others ? "send.otherWays" : "send.noOtherWay"),
        passkeyNonce: passkey ? cspNonceOf(res) : undefined,
      }),
    );
  }

  async function identify(req: IncomingMessage, res: ServerResponse, interaction: LoginInteraction) {
    const t = translator(interaction.locale);
    const form = await readForm(req);
    const username = (form.username ?? "").trim();
    const password = form.password ?? "";
    const remember = form.rememberMe === "true" || form.rememberMe === "on";
    const rerender = (status: number, errors: FieldError[], check: HumanCheckPart = {}, passwordCapped = false) =>
      sendHtml(
        res,
        status,
        renderIdentifyPage({
          locale: interaction.locale,
          uid: interaction.uid,
          username,
          remember,
          errors,
          links: identifyLinks(interaction.uid),
          nonce: cspNonceOf(res),
          passwordCapped,
          ...check,
        }),
      );
    // The same words whether the e-mail has an account or not: only a reset lets this password in again.
    const refuseCapped = async () =>
      rerender(
        400,
        [{ field: "username", message: t("identify.passwordCapped") }],
        (await escalated()) ? humanCheckFor(res, checkScope) : {},
        true,
      );

    const missing: FieldError[] = [];
    if (!username) missing.push({ field: "username", message: t("identify.usernameRequired") });
    if (!password) missing.push({ field: "password", message: t("identify.passwordRequired") });
    if (missing.length) return rerender(400, missing);

    // The participant's own device (signed remember-device cookie) has a failure count of its own,
    // so a stranger's wrong passwords never keep it out.
    const account = await accounts.findByEmail(username);
    const trustedDevice = account ? isRememberedDevice(req, deps.cookieKeys, account.id, deps.secureCookies, now()) : false;
    const accountBucket = `sign-in-fail:${trustedDevice ? "device" : "account"}:${normalizeEmail(username)}`;
    const addressBucket = `sign-in-fail:address:${clientAddress(req, deps.trustedProxies)}`;
    const checkScope = `sign-in:${normalizeEmail(username)}`;
    const escalated = async () =>
      (await throttle.isLimited(accountBucket, ACCOUNT_SIGN_IN_LIMIT)) || (await throttle.isLimited(addressBucket, ADDRESS_SIGN_IN_LIMIT));
    // Many failures for this account (from anywhere but the participant's remembered device) or from one
    // address (perhaps a shared NAT) escalate to a human check and a slower answer; never to a refusal
    // of the right password.
    if (await escalated()) {
      await deps.slowDown(ADDRESS_SLOWDOWN_MS);
      const answer = await deps.humanCheck.check(form, checkScope);
      if (answer !== "passed") {
        const message = t(answer === "too-soon" ? "humanCheck.tooSoon" : "humanCheck.needed", { button: t("identify.submit") });
        return rerender(429, [{ field: "humanCheck", message }], humanCheckFor(res, checkScope));
      }
    }
    // Counted for every e-mail as typed (one with no account too), whatever the browser or address,
    // before the password is compared. Past the cap of consecutive wrong passwords (NIST SP 800-63B-4
    // §3.2.2) the password is not looked at, whoever types it and from wherever: it has to be
    // re-established with a code to the phone ('Forgot password?').
    const run = await deps.passwordFailures.begin(username);
    if (!run.compare) {
      await throttle.record(accountBucket);
      await throttle.record(addressBucket);
      return refuseCapped();
    }
    const passwordOk = await verifyPassword(password, account?.passwordHash ?? UNKNOWN_ACCOUNT_HASH);
    if (!account || !passwordOk) {
      await throttle.record(accountBucket);
      await throttle.record(addressBucket);
      if (run.last) {
        if (account) await passwordCapNotice(deps.outbox, account, run.failures, deps.portalUrl);
        return refuseCapped();
      }
      const check = (await escalated()) ? humanCheckFor(res, checkScope) : {};
      return rerender(400, [{ field: "username", message: t("identify.invalidCredentials") }], check);
    }
    await throttle.clear(accountBucket);
    await deps.passwordFailures.clear(username);

    const state: SignInState = {
      interactionUid: interaction.uid,
      accountId: account.id,
      remember,
      step: "select",
      method: null,
      pendingPhone: null,
    };
    const hasSecondFactor = Boolean(account.phone) || (await factors.hasTotp(account.id));
    if (hasSecondFactor && isRememberedDevice(req, deps.cookieKeys, account.id, deps.secureCookies, now())) {
      return finish(req, res, state, ["pwd"], false);
    }
    state.step = hasSecondFactor ? "select" : "enrol";
    await saveState(state);
    redirect(res, `/interaction/${interaction.uid}`);
  }

  async function select(req: IncomingMessage, res: ServerResponse, interaction: LoginInteraction, state: SignInState, account: Account) {
    const t = translator(interaction.locale);
    const form = await readForm(req);
    if (form.authMethod === "totp" && (await factors.hasTotp(account.id))) {
      await saveState({ ...state, step: "challenge", method: "totp" });
      return redirect(res, `/interaction/${interaction.uid}`);
    }
    const method = form.authMethod as Channel;
    if (!account.phone || !account.phoneMethods.includes(method)) {
      return sendHtml(res, 400, await renderSelect(interaction, account, [{ field: "authMethod", message: t("select.methodRequired") }]));
    }
    const sent = await verifications.send({
      flowKey: signInFlowKey(interaction.uid),
      purpose: "sign-in",
      channel: method,
      to: account.phone,
      budget: await claimOf(account),
    });
    if (!sent.ok && sent.reason === "budget") return refuseSend(res, interaction, account, sent);
    // Too soon after the last code: nothing is sent now; the page says when, with the chosen method kept.
    if (!sent.ok)
      return sendHtml(res, 429, await renderSelect(interaction, account, undefined, { chosen: method, message: notSentMessage(t, sent) }));
    await saveState({ ...state, step: "challenge", method });
    redirect(res, `/interaction/${interaction.uid}`);
  }

  async function enrol(req: IncomingMessage, res: ServerResponse, interaction: LoginInteraction, state: SignInState) {
    const t = translator(interaction.locale);
    const form = await readForm(req);
    const typed = (form.phoneNumber ?? "").trim();
    const phone = normalizePhone(typed);
    if (!phone) {
      const message = typed ? t("enrol.phoneInvalid") : t("enrol.phoneRequired");
      return sendHtml(
        res,
        400,
        renderEnrolPage({ locale: interaction.locale, uid: interaction.uid, phone: typed, errors: [{ field: "phoneNumber", message }] }),
      );
    }
    const enrolPage = (status: number, message: string, check: HumanCheckPart = {}) =>
      sendHtml(
        res,
        status,
        renderEnrolPage({
          locale: interaction.locale,
          uid: interaction.uid,
          phone: typed,
          errors: [{ field: check.humanCheck ? "humanCheck" : "phoneNumber", message }],
          ...check,
        }),
      );
    const refuseEnrol = (message: string) => enrolPage(429, message);
    // Each new number costs a message: past the first few, a person has to be behind the request.
    if (await deps.sendingBudget.newNumberNeedsCheck(state.accountId, phone)) {
      const checkScope = `enrol:${state.accountId}`;
      const answer = await deps.humanCheck.check(form, checkScope);
      if (answer !== "passed") {
        const message = t(answer === "too-soon" ? "humanCheck.tooSoon" : "humanCheck.needed", { button: t("enrol.submit") });
        return enrolPage(429, message, humanCheckFor(res, checkScope));
      }
    }
    const newNumber = await deps.sendingBudget.reserveNewNumber(state.accountId, phone);
    if (!newNumber.ok) return refuseEnrol(t("enrol.tooManyNumbers", { minutes: Math.max(1, Math.ceil(newNumber.retryAfterSeconds / 60)) }));
    const sent = await verifications.send({
      flowKey: enrolFlowKey(interaction.uid),
      purpose: "enrol",
      channel: "sms",
      to: phone,
      // A number not yet verified: enrolments are paid from the newcomers' pool.
      budget: { accountKey: state.accountId, pool: "newcomer" },
    });
    if (!sent.ok && sent.reason === "budget") return refuseEnrol(notSentMessage(t, sent));
    if (!sent.ok) {
      // A code for another number is still cooling down: keep the number shown with it.
      const account = await accounts.findById(state.accountId);
      if (!account) return redirect(res, `/interaction/${interaction.uid}`);
      return renderChallenge(res, interaction, state, account, { status: 429, message: notSentMessage(t, sent) });
    }
    await saveState({ ...state, step: "enrol-challenge", method: "sms", pendingPhone: phone });
    redirect(res, `/interaction/${interaction.uid}`);
  }

  async function challenge(req: IncomingMessage, res: ServerResponse, interaction: LoginInteraction, state: SignInState, account: Account) {
    const t = translator(interaction.locale);
    const form = await readForm(req);
    const enrolling = state.step === "enrol-challenge";
    if (state.method === "totp" && !enrolling) return totpChallenge(req, res, interaction, state, account, typedCode(form.code));
    const flowKey = enrolling ? enrolFlowKey(interaction.uid) : signInFlowKey(interaction.uid);
    const channel: Channel = state.method === "voice" ? "voice" : "sms";
    const destination = enrolling ? state.pendingPhone! : account.phone!;

    if (form.intent === "resend") {
      const sent = await verifications.send({
        flowKey,
        purpose: enrolling ? "enrol" : "sign-in",
        channel,
        to: destination,
        budget: enrolling ? { accountKey: account.id, pool: "newcomer" } : await claimOf(account),
      });
      // A spent budget is an error, and 'Resend code' is not offered again (the other ways still are).
      if (!sent.ok && sent.reason === "budget")
        return renderChallenge(res, interaction, state, account, {
          status: 429,
          errors: [{ field: "code", message: notSentMessage(t, sent) }],
          resendRefused: true,
        });
      if (!sent.ok) return renderChallenge(res, interaction, state, account, { status: 429, message: notSentMessage(t, sent) });
      return renderChallenge(res, interaction, state, account, { message: t("challenge.resent") });
    }

    const code = typedCode(form.code);
    const fail = (message: string, status = 400, typed?: string) =>
      renderChallenge(res, interaction, state, account, { status, errors: [{ field: "code", message }], code: typed });
    if (!code) return fail(t("challenge.codeRequired"));
    if (!isWellFormedCode(code, channel)) return fail(t("challenge.codeFormat"), 400, code.slice(0, 20));
    const result = await codeGuard.check(flowKey, code, {
      purpose: enrolling ? "enrol" : "sign-in",
      channel,
      accountKey: account.id,
      trustedDevice: isRememberedDevice(req, deps.cookieKeys, account.id, deps.secureCookies, now()),
    });
    if (result === "over-budget") return fail(t("challenge.tooManyAttempts"), 429);
    if (result !== "verified") {
      if (result === "wrong") return fail(t("challenge.codeWrong"));
      if (result === "expired") return fail(t("challenge.codeExpired"));
      return fail(t("challenge.codeExhausted"));
    }
    if (enrolling) {
      await accounts.setPhone(account.id, destination, ["sms", "voice"]);
      // Its first verified phone: a newcomer's codes for a while, never the established participants' pool.
      await deps.sendingBudget.markNewcomer(account.id);
    } else await factors.setLastFactor(account.id, channel);
    await finish(req, res, state, ["pwd", channel], true);
  }

  /** Wrong codes count against the account like SMS codes do (the remembered device apart); each code works once. */
  async function totpChallenge(
    req: IncomingMessage,
    res: ServerResponse,
    interaction: LoginInteraction,
    state: SignInState,
    account: Account,
    code: string,
  ) {
    const t = translator(interaction.locale);
    const fail = (message: string, status = 400, typed?: string) =>
      renderChallenge(res, interaction, state, account, { status, errors: [{ field: "code", message }], code: typed });
    if (!code) return fail(t("challenge.codeRequired"));
    if (!/^\d{6}$/.test(code)) return fail(t("challenge.codeFormat"), 400, code.slice(0, 20));
    // One wrong-code budget per account across channels and the app (domain/guessing-limits.ts).
    const scope = {
      purpose: "sign-in" as const,
      accountKey: account.id,
      trustedDevice: isRememberedDevice(req, deps.cookieKeys, account.id, deps.secureCookies, now()),
    };
    const bucket = factorFailureBucket(scope, "totp");
    if (await isOverCodeBudget(throttle, scope, "totp")) return fail(t("challenge.tooManyAttempts"), 429);
    if (!(await factors.checkTotp(account.id, code))) {
      await throttle.record(bucket);
      return fail(t("challenge.codeWrongTotp"));
    }
    await factors.setLastFactor(account.id, "totp");
    await finish(req, res, state, ["pwd", "otp"], true);
  }

  /** A recovery code instead of the second factor: used once, noted, and the participant asked to review their factors. */
  async function recoveryCode(
    req: IncomingMessage,
    res: ServerResponse,
    interaction: LoginInteraction,
    state: SignInState,
    account: Account,
  ) {
    const t = translator(interaction.locale);
    const page = (status: number, errors: FieldError[] = []) =>
      sendHtml(
        res,
        status,
        renderRecoveryCodePage({
          locale: interaction.locale,
          uid: interaction.uid,
          errors,
          backHref: `/interaction/${interaction.uid}?change=method`,
        }),
      );
    if (req.method === "GET") return page(200);
    const form = await readForm(req);
    const typed = (form.recoveryCode ?? "").trim();
    if (!typed) return page(400, [{ field: "recoveryCode", message: t("recoveryCode.required") }]);
    const bucket = `recovery-fail:${account.id}`;
    if (await throttle.isLimited(bucket, RECOVERY_FAILURE_LIMIT))
      return page(429, [{ field: "recoveryCode", message: t("recoveryCode.tooMany") }]);
    if (!isWellFormedRecoveryCode(typed) || !(await factors.useRecoveryCode(account.id, typed))) {
      if (isWellFormedRecoveryCode(typed)) await throttle.record(bucket);
      return page(400, [{ field: "recoveryCode", message: t("recoveryCode.wrong") }]);
    }
    await factors.record(account.id, "recovery-code-used", deviceOf(req));
    await factorNotice(deps.outbox, account, "recovery-code-used");
    await finish(req, res, state, ["pwd", "otp", "rec"], true);
  }

  /** The WebAuthn options for a passkey sign-in (any passkey of this site: the account comes from the passkey). */
  async function passkeyOptions(res: ServerResponse, interaction: LoginInteraction) {
    const options = await authenticationOptions(deps.relyingParty);
    await deps.passkeys.keepChallenge(`sign-in:${interaction.uid}`, options.challenge);
    res.writeHead(200, { "content-type": "application/json", "cache-control": "no-store" }).end(JSON.stringify(options));
  }

  /** A passkey with user verification stands for both factors (something you have, and a PIN or biometric). */
  async function passkeySignIn(req: IncomingMessage, res: ServerResponse, interaction: LoginInteraction) {
    const form = await readForm(req);
    const refuse = () =>
      sendHtml(
        res,
        400,
        renderIdentifyPage({
          locale: interaction.locale,
          uid: interaction.uid,
          errors: [{ field: "username", message: translator(interaction.locale)("passkey.failed") }],
          links: identifyLinks(interaction.uid),
          nonce: cspNonceOf(res),
        }),
      );
    let credential: AuthenticationResponseJSON;
    try {
      credential = JSON.parse(form.credential ?? "") as AuthenticationResponseJSON;
    } catch {
      return refuse();
    }
    const challenge = await deps.passkeys.takeChallenge(`sign-in:${interaction.uid}`);
    const passkey = typeof credential?.id === "string" ? await deps.passkeys.find(credential.id) : null;
    const verified = challenge && passkey ? await verifiedAuthentication(deps.relyingParty, credential, challenge, passkey) : null;
    if (!passkey || !verified) return refuse();
    await deps.passkeys.used(passkey.id, verified.newCounter);
    await factors.setLastFactor(passkey.accountId, "passkey");
    const state: SignInState = {
      interactionUid: interaction.uid,
      accountId: passkey.accountId,
      remember: false,
      step: "select",
      method: null,
      pendingPhone: null,
    };
    await finish(req, res, state, ["hwk", "user"], true);
  }

  /** Routes /interaction/:uid[/step]. */
  return async function handle(req: IncomingMessage, res: ServerResponse, uid: string, step: string | undefined, query: URLSearchParams) {
    const interaction = await loadLoginInteraction(provider, req, res, uid);
    if (!interaction)
      return sendHtml(res, 400, renderSessionLostPage(requestLocale(req, query.get("ui_locales")), deps.portalUrl, `/interaction/${uid}`));
    if (req.method === "GET" && step === undefined) return show(req, res, interaction, query);
    const state = await signInStates.get(uid);
    const account = state ? await accounts.findById(state.accountId) : null;
    if (step === "recovery-code" && state && account && (state.step === "select" || state.step === "challenge"))
      return recoveryCode(req, res, interaction, state, account);
    if (req.method !== "POST") return sendHtml(res, 405, "");
    if (step === "identify") return identify(req, res, interaction);
    if (step === "restart") {
      await signInStates.remove(uid);
      return redirect(res, `/interaction/${uid}`);
    }
    if (step === "passkey-options") return passkeyOptions(res, interaction);
    if (step === "passkey") return passkeySignIn(req, res, interaction);

    const expected: Record<string, Step> = { select: "select", challenge: "challenge", enrol: "enrol" };
    if (!state || !account || !(step && step in expected)) return redirect(res, `/interaction/${uid}`);
    if (step === "select" && (state.step === "select" || state.step === "challenge")) return select(req, res, interaction, state, account);
    if (step === "enrol" && state.step === "enrol") return enrol(req, res, interaction, state);
    if (step === "challenge" && (state.step === "challenge" || state.step === "enrol-challenge"))
      return challenge(req, res, interaction, state, account);
    redirect(res, `/interaction/${uid}`);
  };
}
