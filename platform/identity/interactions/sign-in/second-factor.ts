import type { IncomingMessage, ServerResponse } from "node:http";
import type { FormProblem } from "../../domain/account-forms.ts";
import { type Channel, isWellFormedCode, typedCode } from "../../domain/codes.ts";
import { factorFailureBucket } from "../../domain/guessing-limits.ts";
import { readForm, redirect, sendHtml } from "../../http/io.ts";
import { cspNonceOf } from "../../http/security-headers.ts";
import { type MessageKey, translator } from "../../pages/i18n.ts";
import type { Account } from "../../store/accounts.ts";
import { createCodeGuard, isOverCodeBudget } from "../../store/code-guard.ts";
import type { SignInState } from "../../store/sign-in-states.ts";
import type { LoginInteraction } from "../account-flow-deps.ts";
import { enrolFlowKey, signInFlowKey } from "../deps.ts";
import {
  codeRefusalKey,
  forgetFormError,
  formErrorOf,
  keptAnswer,
  type Refusal,
  refuseTo,
  notSentError,
  resendAnswer,
} from "../form-error.ts";
import { isRememberedDevice } from "../remember-device.ts";
import type { SecondFactor, SignInContext } from "./context.ts";

/** After the password: choose how to get a code, then type it (a text, a call or the authenticator app). */
export function createSecondFactorSteps(context: SignInContext) {
  const { deps, saveState, finish, renderSelect, claimOf, extrasOf } = context;
  const { accounts, verifications, throttle, factors, now } = deps;
  const codeGuard = createCodeGuard(throttle, verifications);

  /** Every answer of the code page is a redirect to it: a reload neither re-checks a code nor sends one. */
  const answer = (res: ServerResponse, interaction: LoginInteraction, refusal: Refusal) =>
    refuseTo(res, deps, interaction.uid, "challenge", `/interaction/${interaction.uid}`, refusal);

  const refuseSelect = (res: ServerResponse, interaction: LoginInteraction, state: SignInState, refusal: Refusal) => {
    const href = `/interaction/${interaction.uid}${state.step === "challenge" ? "?change=method" : ""}`;
    refuseTo(res, deps, interaction.uid, "select", href, refusal);
  };

  /** No code could be sent: an error, and her other factors (the other channel if its budgets allow) instead of a dead end. */
  async function sendRefusedPage(
    req: IncomingMessage,
    res: ServerResponse,
    interaction: LoginInteraction,
    account: Account,
    refusal: FormProblem,
  ) {
    const t = translator(interaction.locale);
    const claim = await claimOf(account, req);
    const extras = await extrasOf(account);
    const methods: SecondFactor[] = extras.totp ? ["totp"] : [];
    for (const channel of account.phone ? account.phoneMethods : []) {
      if (await deps.sendingBudget.wouldPass({ ...claim, channel, to: account.phone })) methods.push(channel);
    }
    const errors = [{ field: methods.length ? "authMethod" : "error-summary-title", message: t(refusal.key, refusal.vars) }];
    return renderSelect(interaction, account, errors, {
      methods,
      intro: t(methods.length > 0 || extras.passkey || extras.recovery ? "send.otherWays" : "send.noOtherWay"),
      passkeyNonce: extras.passkey ? cspNonceOf(res) : undefined,
    });
  }

  async function showSelect(req: IncomingMessage, res: ServerResponse, interaction: LoginInteraction, account: Account) {
    const kept = formErrorOf(req, deps, interaction.uid, "select");
    if (!kept) return sendHtml(res, 200, await renderSelect(interaction, account));
    const [refusal] = kept.errors;
    if (kept.flags.includes("sendRefused") && refusal)
      return sendHtml(res, kept.status, await sendRefusedPage(req, res, interaction, account, refusal));
    const chosen = kept.values.chosen as SecondFactor | undefined;
    const { errors, message } = keptAnswer(translator(interaction.locale), kept);
    sendHtml(res, kept.status, await renderSelect(interaction, account, errors, { ...(chosen ? { chosen } : {}), message }));
  }

  async function select(req: IncomingMessage, res: ServerResponse, interaction: LoginInteraction, state: SignInState, account: Account) {
    const form = await readForm(req);
    if (form.authMethod === "totp" && (await factors.hasTotp(account.id))) {
      await saveState({ ...state, step: "challenge", method: "totp" });
      forgetFormError(req, res, deps, interaction.uid);
      return redirect(res, `/interaction/${interaction.uid}`);
    }
    const method = form.authMethod as Channel;
    if (!account.phone || !account.phoneMethods.includes(method))
      return refuseSelect(res, interaction, state, { errors: [{ field: "authMethod", key: "select.methodRequired" }] });
    const sent = await verifications.send({
      flowKey: signInFlowKey(interaction.uid),
      purpose: "sign-in",
      channel: method,
      to: account.phone,
      locale: interaction.locale,
      sendNow: true,
      budget: await claimOf(account, req),
    });
    if (!sent.ok && sent.reason === "budget")
      return refuseSelect(res, interaction, state, {
        status: 429,
        errors: [{ field: "authMethod", ...notSentError(sent) }],
        flags: ["sendRefused"],
      });
    // Too soon after the last code: nothing is sent now; the page says when, with the chosen method kept.
    if (!sent.ok)
      return refuseSelect(res, interaction, state, {
        status: 429,
        values: { chosen: method },
        notice: { field: "authMethod", ...notSentError(sent) },
      });
    await saveState({ ...state, step: "challenge", method });
    forgetFormError(req, res, deps, interaction.uid);
    redirect(res, `/interaction/${interaction.uid}`);
  }

  async function challenge(req: IncomingMessage, res: ServerResponse, interaction: LoginInteraction, state: SignInState, account: Account) {
    const form = await readForm(req);
    const enrolling = state.step === "enrol-challenge";
    const code = typedCode(form.code);
    const fail = (key: MessageKey, status = 400, typed?: string) =>
      answer(res, interaction, { status, errors: [{ field: "code", key }], values: typed ? { code: typed } : {} });
    const trustedDevice = isRememberedDevice(req, deps.cookieKeys, account.id, deps.secureCookies, now());
    const fromApp = state.method === "totp" && !enrolling;
    const flowKey = enrolling ? enrolFlowKey(interaction.uid) : signInFlowKey(interaction.uid);
    // The app's codes have six digits, as a text's do.
    const channel: Channel = state.method === "voice" ? "voice" : "sms";
    const destination = enrolling ? state.pendingPhone! : account.phone!;
    if (form.intent === "resend" && !fromApp) {
      const sent = await verifications.send({
        flowKey,
        purpose: enrolling ? "enrol" : "sign-in",
        channel,
        to: destination,
        locale: interaction.locale,
        sendNow: true,
        budget: await claimOf(account, req, enrolling),
      });
      // After a spent budget the other ways are still offered.
      return answer(res, interaction, resendAnswer(sent));
    }

    if (!code) return fail("challenge.codeRequired");
    if (!isWellFormedCode(code, channel)) return fail("challenge.codeFormat", 400, code.slice(0, 20));
    if (fromApp) {
      // Wrong codes count against the account like SMS codes do (the remembered device apart); each code works once.
      // One wrong-code budget per account across channels and the app (domain/guessing-limits.ts).
      const scope = { purpose: "sign-in" as const, accountKey: account.id, trustedDevice };
      if (await isOverCodeBudget(throttle, scope, "totp")) return fail("challenge.tooManyAttempts", 429);
      const checked = await factors.takeTotp(account.id, code);
      if (checked !== "taken") {
        await throttle.record(factorFailureBucket(scope, "totp"));
        // A code typed again (this period's, already used) is told apart from a wrong one.
        return fail(checked === "used" ? "challenge.codeUsedTotp" : "challenge.codeWrongTotp");
      }
      await factors.setLastFactor(account.id, "totp");
      return finish(req, res, interaction, state, ["pwd", "otp"], true);
    }
    const result = await codeGuard.check(flowKey, code, {
      purpose: enrolling ? "enrol" : "sign-in",
      channel,
      accountKey: account.id,
      trustedDevice,
    });
    if (result === "over-budget") return fail("challenge.tooManyAttempts", 429);
    if (result !== "verified") return fail(codeRefusalKey(result));
    if (enrolling) {
      await accounts.setPhone(account.id, destination, ["sms", "voice"]);
      // Its first verified phone: a newcomer's codes for a while, never the established participants' pool.
      await deps.sendingBudget.markNewcomer(account.id);
    } else await factors.setLastFactor(account.id, channel);
    await finish(req, res, interaction, state, ["pwd", channel], true);
  }

  return { showSelect, select, challenge };
}
