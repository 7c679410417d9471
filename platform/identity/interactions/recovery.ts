import type { IncomingMessage, ServerResponse } from "node:http";
import { checkEmail, checkNewPasswordPair, type FormProblem } from "../domain/account-forms.ts";
import { type Channel, isWellFormedCode, typedCode } from "../domain/codes.ts";
import { hashPassword, verifyPassword } from "../domain/password-hash.ts";
import { clientAddress, readForm, redirect, sendHtml } from "../http/io.ts";
import { cspNonceOf } from "../http/security-headers.ts";
import { renderEmailIdentifyPage, renderResetPasswordPage } from "../pages/account-flow-pages.tsx";
import { renderChallengePage } from "../pages/challenge-page.tsx";
import { type MessageKey, translator } from "../pages/i18n.ts";
import { renderSelectAuthenticatorPage } from "../pages/select-page.tsx";
import type { AccountFlow } from "../store/account-flows.ts";
import { normalizeEmail } from "../store/accounts.ts";
import { createRecoveryGuard, type NewCodeGate, type UnauthenticatedScope } from "../store/code-guard.ts";
import { type LoginInteraction, expireFlow, sendFallback } from "./account-flow-deps.ts";
import type { InteractionDeps } from "./deps.ts";
import { passwordNotice } from "./factor-notices.ts";
import {
  checkRefused,
  codeRefusalKey,
  forgetFormError,
  formErrorOf,
  keptAnswer,
  type Refusal,
  refuseTo,
  translatedErrors,
  notSentError,
  resendAnswer,
} from "./form-error.ts";
import { isRememberedDevice } from "./remember-device.ts";

export type RecoveryKind = "recover" | "unlock";

/** Recovery and unlock starts: per e-mail as typed (as the account API does) and per client address. */
const EMAIL_RECOVERY_LIMIT = { max: 5, windowMs: 10 * 60_000 };
const ADDRESS_RECOVERY_LIMIT = { max: 30, windowMs: 60 * 60_000 };

/** Both ways are always offered: listing only what a phone supports would tell that the account exists. */
const OFFERED_METHODS: Channel[] = ["sms", "voice"];

/** The sign-in handler's per-account failure bucket (see sign-in/identify.ts): an unlock clears it. */
const signInLockBucket = (email: string) => `sign-in-fail:account:${normalizeEmail(email)}`;

/**
 * Recovery and unlock: e-mail → method → code → new password or unlocked. An e-mail with no account (or
 * phone) sees the same pages; its code is never sent.
 */
export function createRecovery(deps: InteractionDeps) {
  const { accounts, accountFlows, verifications, throttle, now } = deps;
  const guard = createRecoveryGuard(throttle, verifications);
  const path = (uid: string, kind: RecoveryKind, step = "") => `/interaction/${uid}/${kind}${step ? `-${step}` : ""}`;
  const flowKey = (uid: string, kind: RecoveryKind) => `${kind}:${uid}`;

  /** The account whose remembered browser this is: recovery there has budgets nobody who knows only the e-mail can spend, and no check. */
  const rememberedAccountOf = (req: IncomingMessage, accountId: string | null | undefined): string | null =>
    accountId && isRememberedDevice(req, deps.cookieKeys, accountId, deps.secureCookies, now()) ? accountId : null;

  // Wrong codes count against the flow, the address and the account (else the e-mail as typed) and escalate the
  // next code, never the participant's own; from her remembered browser they count apart, so a stranger's never delay hers.
  const guessScope = (req: IncomingMessage, interaction: LoginInteraction, flow: AccountFlow): UnauthenticatedScope => {
    const remembered = rememberedAccountOf(req, flow.accountId);
    return {
      flow: flowKey(interaction.uid, flow.kind as RecoveryKind),
      source: remembered ? `remembered:${remembered}` : clientAddress(req, deps.trustedProxies),
      accountKey: remembered ? `remembered:${remembered}` : (flow.accountId ?? `unknown:${flow.email}`),
    };
  };

  /** 'You can ask for a new code in …', in minutes up to two hours, then in hours. */
  function waitError(field: string, gate: NewCodeGate): FormProblem {
    const minutes = Math.max(1, Math.ceil(gate.waitMs / 60_000));
    return minutes <= 120
      ? { field, key: "recover.waitMinutes", vars: { minutes } }
      : { field, key: "recover.waitHours", vars: { hours: Math.ceil(minutes / 60) } };
  }

  const refuse = (
    res: ServerResponse,
    interaction: LoginInteraction,
    kind: RecoveryKind,
    step: "identify" | "method" | "code" | "password",
    refusal: Refusal,
    query = "",
  ) => refuseTo(res, deps, interaction.uid, `${kind}-${step}`, `${path(interaction.uid, kind)}${query}`, refusal);

  /** Every code asked for without a password passes the security check first: scoped to the e-mail as typed, known or not. */
  const checkScope = (flow: AccountFlow) => `${flow.kind}:${flow.email}`;

  const expire = (res: ServerResponse, interaction: LoginInteraction, kind: RecoveryKind) =>
    expireFlow(deps, res, interaction, flowKey(interaction.uid, kind), path(interaction.uid, kind));

  /** GET …/recover or …/unlock: the current step of this interaction's flow, else its first page. */
  async function show(
    req: IncomingMessage,
    res: ServerResponse,
    interaction: LoginInteraction,
    kind: RecoveryKind,
    query: URLSearchParams,
  ) {
    const { uid, locale } = interaction;
    const t = translator(locale);
    const flow = await accountFlows.get(uid);
    if (flow?.kind === kind && flow.expired) return expire(res, interaction, kind);
    const step =
      flow?.kind !== kind
        ? "identify"
        : flow.step === "select" || (flow.step === "challenge" && query.get("change") === "method")
          ? "method"
          : flow.step === "challenge"
            ? "code"
            : "password";
    const refused = formErrorOf(req, deps, uid, `${kind}-${step}`);
    const kept = keptAnswer(t, refused);
    const status = kept.status ?? 200;
    const common = { locale, backHref: `/interaction/${uid}`, cancelUid: uid, errors: kept.errors };
    if (flow?.kind !== kind)
      return sendHtml(res, status, renderEmailIdentifyPage({ locale, uid, kind, email: refused?.values.email, errors: kept.errors }));
    if (step === "method") {
      // After 'Send code' came too early: the ticket that was sent, and the seconds it still waits.
      const humanCheck = deps.humanCheck.viewFor(checkScope(flow), refused?.values.humanCheckTicket);
      const checkWords = { button: t("select.submit"), seconds: humanCheck.waitSeconds };
      const page = renderSelectAuthenticatorPage({
        ...common,
        uid,
        action: path(uid, kind, "method"),
        here: path(uid, kind),
        maskedPhone: "",
        methods: OFFERED_METHODS,
        intro: t("recover.methodIntro", { email: flow.email }),
        errors: refused ? translatedErrors(t, refused, checkWords) : undefined,
        // The participant's remembered browser never sees the check.
        humanCheck: rememberedAccountOf(req, flow.accountId) ? undefined : humanCheck,
        humanCheckWhy: t("recover.checkWhy"),
        nonce: cspNonceOf(res),
      });
      return sendHtml(res, status, page);
    }
    if (step === "password") return sendHtml(res, status, renderResetPasswordPage({ locale, uid, errors: kept.errors }));
    const channel = flow.method ?? "sms";
    const page = renderChallengePage({
      ...common,
      ...kept,
      action: path(uid, kind, "code"),
      changeMethodHref: `${path(uid, kind)}?change=method`,
      channel,
      maskedPhone: "",
      intro: t(channel === "voice" ? "recover.codeIntroVoice" : "recover.codeIntroSms", { email: flow.email }),
      resendInSeconds: await verifications.retryAfterSeconds(flowKey(uid, kind)),
      checkHref: path(uid, kind),
      nonce: cspNonceOf(res),
    });
    sendHtml(res, status, page);
  }

  async function identify(req: IncomingMessage, res: ServerResponse, interaction: LoginInteraction, kind: RecoveryKind) {
    const typed = ((await readForm(req)).email ?? "").trim();
    const values = { email: typed.slice(0, 320) };
    const problem = checkEmail(typed);
    if (problem) return refuse(res, interaction, kind, "identify", { errors: [problem], values });
    const email = normalizeEmail(typed);
    const account = await accounts.findByEmail(email);
    // Starts from the participant's remembered browser are counted apart from anyone else's.
    const remembered = rememberedAccountOf(req, account?.id);
    const perEmail = remembered ? `${kind}:remembered:${remembered}` : `${kind}:email:${email}`;
    const perAddress = remembered ? perEmail : `${kind}:address:${clientAddress(req, deps.trustedProxies)}`;
    if ((await throttle.isLimited(perEmail, EMAIL_RECOVERY_LIMIT)) || (await throttle.isLimited(perAddress, ADDRESS_RECOVERY_LIMIT))) {
      return refuse(res, interaction, kind, "identify", { status: 429, errors: [{ field: "email", key: "recover.tooMany" }], values });
    }
    await throttle.record(...new Set([perEmail, perAddress]));
    await verifications.discard(flowKey(interaction.uid, kind));
    forgetFormError(req, res, deps, interaction.uid);
    await accountFlows.start({
      interactionUid: interaction.uid,
      kind,
      step: "select",
      email,
      accountId: account?.phone ? account.id : null,
      method: null,
      registration: null,
    });
    redirect(res, path(interaction.uid, kind));
  }

  /** Sends the code where the account can receive it; for no account (or a method its phone lacks) arms one nobody gets. */
  async function sendCode(req: IncomingMessage, interaction: LoginInteraction, flow: AccountFlow, method: Channel) {
    const account = flow.accountId ? await accounts.findById(flow.accountId) : null;
    const deliverable = Boolean(account?.phone && account.phoneMethods.includes(method));
    return verifications.send({
      flowKey: flowKey(interaction.uid, flow.kind as RecoveryKind),
      purpose: flow.kind === "recover" ? "recovery" : "unlock",
      channel: method,
      to: deliverable ? account!.phone! : flow.email,
      deliver: deliverable,
      // Sent by the delivery worker, never in this request: the answer's timing must not tell a known account.
      locale: interaction.locale,
      // Small budgets of its own per number and e-mail (simulated when nobody gets the code), paid from the recovery
      // pool; from her remembered browser, the account's own budget and the pool's reserved share.
      budget: {
        pool: "recovery",
        email: flow.email,
        rememberedAccount: rememberedAccountOf(req, flow.accountId) ?? undefined,
        source: clientAddress(req, deps.trustedProxies),
      },
    });
  }

  async function chooseMethod(req: IncomingMessage, res: ServerResponse, interaction: LoginInteraction, flow: AccountFlow) {
    const t = translator(interaction.locale);
    const form = await readForm(req);
    const method = form.authMethod as Channel;
    const kind = flow.kind as RecoveryKind;
    const refuseMethod = (refusal: Refusal) =>
      refuse(res, interaction, kind, "method", refusal, flow.step === "challenge" ? "?change=method" : "");
    if (!OFFERED_METHODS.includes(method)) return refuseMethod({ errors: [{ field: "authMethod", key: "select.methodRequired" }] });
    const scope = guessScope(req, interaction, flow);
    const gate = await guard.beforeNewCode(scope);
    if (gate.waitMs > 0) return refuseMethod({ status: 429, errors: [waitError("authMethod", gate)] });
    // The participant's remembered browser never sees the check.
    const check = rememberedAccountOf(req, flow.accountId) ? "passed" : await deps.humanCheck.check(form, checkScope(flow));
    if (check !== "passed") return refuseMethod(checkRefused(check, form));
    try {
      const sent = await sendCode(req, interaction, flow, method);
      // A spent budget: said as an error where the method is chosen; nothing was sent (the same for any e-mail).
      if (!sent.ok && sent.reason === "budget")
        return refuseMethod({ status: 429, errors: [{ field: "authMethod", ...notSentError(sent) }] });
      // Within the cooldown the code already sent stays the live one, by its own channel.
      if (sent.ok) await guard.codeSent(scope, gate);
      const live = sent.ok ? method : ((await verifications.channelOf(flowKey(interaction.uid, kind))) ?? method);
      await accountFlows.advance(interaction.uid, "challenge", live);
    } catch (error) {
      deps.logger.error({ err: { message: (error as Error).message } }, "recovery code send failed");
      return sendFallback(res, interaction, t(`${kind}.title`), t("fallback.sendCode"), path(interaction.uid, kind));
    }
    // The code page starts afresh: an error about an earlier code is not this one's.
    forgetFormError(req, res, deps, interaction.uid);
    redirect(res, path(interaction.uid, kind));
  }

  async function challenge(req: IncomingMessage, res: ServerResponse, interaction: LoginInteraction, flow: AccountFlow) {
    const t = translator(interaction.locale);
    const form = await readForm(req);
    const kind = flow.kind as RecoveryKind;
    const channel = flow.method ?? "sms";
    if (form.intent === "resend") {
      const scope = guessScope(req, interaction, flow);
      const gate = await guard.beforeNewCode(scope);
      if (gate.waitMs > 0)
        return refuse(res, interaction, kind, "code", { status: 429, errors: [waitError("code", gate)], flags: ["resendRefused"] });
      // After wrong codes from this flow or address, a new code goes through the method page and its check.
      const checkFirst: Refusal = { status: 429, errors: [{ field: "humanCheck", key: "recover.checkBeforeNewCode" }] };
      if (gate.check) return refuse(res, interaction, kind, "method", checkFirst, "?change=method");
      try {
        const sent = await sendCode(req, interaction, flow, channel);
        if (sent.ok) await guard.codeSent(scope, gate);
        return refuse(res, interaction, kind, "code", resendAnswer(sent));
      } catch (error) {
        deps.logger.error({ err: { message: (error as Error).message } }, "recovery code resend failed");
        return sendFallback(res, interaction, t(`${kind}.title`), t("fallback.resendCode"), path(interaction.uid, kind));
      }
    }

    const code = typedCode(form.code);
    const fail = (key: MessageKey) => refuse(res, interaction, kind, "code", { errors: [{ field: "code", key }] });
    if (!code) return fail("challenge.codeRequired");
    if (!isWellFormedCode(code, channel)) return fail("challenge.codeFormat");
    // Never refused before it is compared: a stranger's wrong codes escalate their next code, not this one.
    const result = await guard.check(flowKey(interaction.uid, kind), code, channel, guessScope(req, interaction, flow));
    if (result !== "verified" || !flow.accountId) return fail(codeRefusalKey(result));
    if (kind === "recover") {
      await accountFlows.advance(interaction.uid, "reset");
      forgetFormError(req, res, deps, interaction.uid);
      return redirect(res, path(interaction.uid, kind));
    }
    const account = await accounts.findById(flow.accountId);
    if (account) await throttle.clear(signInLockBucket(account.email));
    await accountFlows.remove(interaction.uid);
    // Unlocking lifts the security check, not the password-failure cap: past it, the page says the password must be reset.
    const resetNeeded = account ? await deps.passwordFailures.isCapped(account.email) : false;
    redirect(res, `/interaction/${interaction.uid}?notice=${resetNeeded ? "unlocked-reset-needed" : "unlocked"}`);
  }

  async function resetPassword(req: IncomingMessage, res: ServerResponse, interaction: LoginInteraction, flow: AccountFlow) {
    const t = translator(interaction.locale);
    const form = await readForm(req);
    const problems = checkNewPasswordPair(form.password ?? "", form.confirmPassword ?? "");
    const refusePassword = (errors: FormProblem[]) => refuse(res, interaction, "recover", "password", { errors });
    if (problems.length) return refusePassword(problems);
    const accountId = flow.accountId!;
    try {
      // The portal's password update refuses the current password; so does a reset, with the same words.
      const account = await accounts.findById(accountId);
      if (account?.passwordHash && (await verifyPassword(form.password!, account.passwordHash)))
        return refusePassword([{ field: "password", key: "password.unchanged" }]);
      // The browser's own session at the provider (a sign-in there before) carries this interaction:
      // it is kept for the sign-in the reset finishes; every other one ends.
      const details = await deps.provider.interactionDetails(req, res).catch(() => null);
      await accounts.updatePassword(accountId, await hashPassword(form.password!), now(), null, details?.session?.uid ?? null);
      if (account) await throttle.clear(signInLockBucket(account.email));
      await accountFlows.remove(interaction.uid);
      if (account)
        await passwordNotice(deps, account, "reset").catch((error: unknown) =>
          deps.logger.error({ err: { message: (error as Error).message } }, "password reset notice failed"),
        );
    } catch (error) {
      deps.logger.error({ err: { message: (error as Error).message } }, "password reset failed");
      const page = renderResetPasswordPage({ locale: interaction.locale, uid: interaction.uid, message: t("fallback.updatePassword") });
      return sendHtml(res, 500, page);
    }
    await deps.signInLanguages.carry(accountId, interaction);
    const login = { accountId, acr: "urn:portal:loa:mfa", amr: ["pwd", flow.method ?? "sms"], remember: false };
    redirect(res, await deps.provider.interactionResult(req, res, { login }, { mergeWithLastSubmission: false }));
  }

  async function handlePost(req: IncomingMessage, res: ServerResponse, interaction: LoginInteraction, kind: RecoveryKind, step: string) {
    if (step === "") return identify(req, res, interaction, kind);
    const flow = await accountFlows.get(interaction.uid);
    if (!flow || flow.kind !== kind) return redirect(res, path(interaction.uid, kind));
    if (flow.expired) return expire(res, interaction, kind);
    if (step === "method" && (flow.step === "select" || flow.step === "challenge")) return chooseMethod(req, res, interaction, flow);
    if (step === "code" && flow.step === "challenge") return challenge(req, res, interaction, flow);
    if (step === "password" && kind === "recover" && flow.step === "reset" && flow.accountId)
      return resetPassword(req, res, interaction, flow);
    redirect(res, path(interaction.uid, kind));
  }

  return { show, handlePost };
}
