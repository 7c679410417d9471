import { randomInt } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { checkRegistration, type FormProblem, readRegistrationInput } from "../domain/account-forms.ts";
import { codeLength, isWellFormedCode, typedCode } from "../domain/codes.ts";
import { linkStateMatches, newLinkState, newParticipantId, readEmailCallback } from "../domain/email-link.ts";
import { hashPassword } from "../domain/password-hash.ts";
import { clientAddress, readForm, redirect, sendHtml } from "../http/io.ts";
import { renderCheckEmailPage, renderProblemPage, renderRegisterPage } from "../pages/account-flow-pages.tsx";
import { type Locale, type MessageKey, translator } from "../pages/i18n.ts";
import type { AccountFlow, PendingRegistration } from "../store/account-flows.ts";
import { normalizeEmail } from "../store/accounts.ts";
import { createCodeGuard } from "../store/code-guard.ts";
import { expireFlow, loadLoginInteraction, type LoginInteraction, sendFallback } from "./account-flow-deps.ts";
import { type InteractionDeps, SIGN_IN_STATE_TTL_MS } from "./deps.ts";
import { codeRefusalKey, forgetFormError, formErrorOf, keptAnswer, type Refusal, refuseTo } from "./form-error.ts";

/** Registrations started from one client address, and e-mails sent to one address, per hour. */
const ADDRESS_REGISTRATION_LIMIT = { max: 20, windowMs: 60 * 60_000 };
const REGISTRATION_EMAIL_LIMIT = { max: 5, windowMs: 60 * 60_000 };

const registrationFlowKey = (uid: string) => `registration:${uid}`;

/**
 * Registration (SPEC §4): details → an e-mailed link and code → account created → phone enrolment. An e-mail
 * that has an account sees the same steps; its owner gets a "you already have an account" e-mail instead.
 */
export function createRegistration(deps: InteractionDeps) {
  const { accounts, accountFlows, verifications, throttle, now } = deps;
  const codeGuard = createCodeGuard(throttle, verifications);
  const registerPath = (uid: string) => `/interaction/${uid}/register`;

  /** Both e-mails arm a code, so cooldown and attempts behave the same; only a new account's can be received. */
  async function sendEmail(
    interaction: LoginInteraction,
    email: string,
    registration: PendingRegistration,
  ): Promise<{ ok: true; registration: PendingRegistration } | { ok: false; retryAfterSeconds: number }> {
    const t = translator(interaction.locale);
    const perEmail = `registration-mail:${email}`;
    if (await throttle.isLimited(perEmail, REGISTRATION_EMAIL_LIMIT)) return { ok: true, registration };
    const link = newLinkState();
    const sent = await verifications.send({
      flowKey: registrationFlowKey(interaction.uid),
      purpose: "registration",
      channel: "email",
      to: email,
      subject: t("email.verifySubject"),
      locale: interaction.locale,
      link: (code) => `${deps.issuer}/interaction/${interaction.uid}/email-verify?${new URLSearchParams({ otp: code, state: link.state })}`,
      deliver: !registration.existing,
    });
    if (!sent.ok) return sent;
    await throttle.record(perEmail);
    if (registration.existing) {
      await deps.outbox.deliver({
        channel: "email",
        to: email,
        link: deps.portalUrl,
        subject: t("email.existingAccountSubject"),
        locale: interaction.locale,
        purpose: "registration",
      });
    }
    return { ok: true, registration: { ...registration, linkStateHash: link.hash } };
  }

  const expire = (res: ServerResponse, interaction: LoginInteraction) =>
    expireFlow(deps, res, interaction, registrationFlowKey(interaction.uid), registerPath(interaction.uid));

  async function show(req: IncomingMessage, res: ServerResponse, interaction: LoginInteraction) {
    const { uid, locale } = interaction;
    const flow = await accountFlows.get(uid);
    const t = translator(locale);
    if (flow?.kind === "register" && flow.expired) return expire(res, interaction);
    if (flow?.kind === "register" && flow.step === "check-email") {
      const kept = keptAnswer(t, formErrorOf(req, deps, uid, "register-code"));
      const resendInSeconds = await verifications.retryAfterSeconds(registrationFlowKey(uid));
      return sendHtml(res, kept.status ?? 200, renderCheckEmailPage({ ...kept, locale, uid, email: flow.email, resendInSeconds }));
    }
    const refused = formErrorOf(req, deps, uid, "register");
    const kept = keptAnswer(t, refused);
    sendHtml(res, kept.status ?? 200, renderRegisterPage({ locale, uid, values: refused?.values, errors: kept.errors }));
  }

  async function submit(req: IncomingMessage, res: ServerResponse, interaction: LoginInteraction) {
    const input = readRegistrationInput(await readForm(req));
    const values = { email: input.email, firstName: input.firstName, lastName: input.lastName };
    // The form again with what was typed, except the passwords.
    const refuse = (status: number, errors: FormProblem[]) =>
      refuseTo(res, deps, interaction.uid, "register", registerPath(interaction.uid), { status, errors, values });
    const problems = checkRegistration(input);
    if (problems.length) return refuse(400, problems);

    const perAddress = `registration:address:${clientAddress(req, deps.trustedProxies)}`;
    if (await throttle.isLimited(perAddress, ADDRESS_REGISTRATION_LIMIT)) return refuse(429, [{ field: "email", key: "register.tooMany" }]);
    await throttle.record(perAddress);

    const email = normalizeEmail(input.email);
    // Hashed in both cases so an existing e-mail takes as long as a new one.
    const passwordHash = await hashPassword(input.password);
    const existing = (await accounts.findByEmail(email)) !== null;
    const registration = { firstName: input.firstName, lastName: input.lastName, passwordHash, linkStateHash: "", existing };
    try {
      await verifications.discard(registrationFlowKey(interaction.uid));
      const sent = await sendEmail(interaction, email, registration);
      if (!sent.ok) throw new Error("a fresh registration flow cannot be cooling down");
      await accountFlows.start({
        interactionUid: interaction.uid,
        kind: "register",
        step: "check-email",
        email,
        accountId: null,
        method: null,
        registration: sent.registration,
      });
    } catch (error) {
      deps.logger.error({ err: { message: (error as Error).message } }, "registration e-mail failed");
      return fallback(res, interaction);
    }
    forgetFormError(req, res, deps, interaction.uid);
    redirect(res, registerPath(interaction.uid));
  }

  const fallback = (res: ServerResponse, interaction: LoginInteraction) => {
    const t = translator(interaction.locale);
    sendFallback(res, interaction, t("register.title"), t("fallback.registerUser"), registerPath(interaction.uid));
  };

  /** Creates the account once the address is proven, then hands over to phone enrolment. */
  async function createAccount(res: ServerResponse, interaction: LoginInteraction, flow: AccountFlow) {
    const registration = flow.registration!;
    try {
      let accountId: string | null = null;
      for (let attempt = 0; attempt < 3 && !accountId; attempt += 1) {
        const id = newParticipantId(() => randomInt(10));
        const inserted = await accounts.insertIfMissing(
          {
            id,
            email: flow.email,
            emailVerified: true,
            passwordHash: registration.passwordHash,
            phone: null,
            phoneMethods: [],
            firstName: registration.firstName,
            middleName: null,
            lastName: registration.lastName,
            locale: interaction.locale,
          },
          now(),
        );
        if (inserted) accountId = id;
        // Another registration of this e-mail finished first: nothing to retry.
        else if (await accounts.findByEmail(flow.email)) break;
      }
      if (!accountId) return fallback(res, interaction);
      await deps.signInStates.save(
        { interactionUid: interaction.uid, accountId, remember: false, step: "enrol", method: null, pendingPhone: null },
        new Date(now().getTime() + SIGN_IN_STATE_TTL_MS),
      );
      await accountFlows.remove(interaction.uid);
    } catch (error) {
      deps.logger.error({ err: { message: (error as Error).message } }, "account creation failed");
      return fallback(res, interaction);
    }
    redirect(res, `/interaction/${interaction.uid}`);
  }

  /** Every answer of the code page is a redirect to it: a reload never sends another e-mail. */
  const answerCodePage = (res: ServerResponse, interaction: LoginInteraction, answer: Refusal) =>
    refuseTo(res, deps, interaction.uid, "register-code", registerPath(interaction.uid), answer);

  /** Checks an e-mailed code for the flow; answers with the code page's error unless the code passed. */
  async function verifyCode(res: ServerResponse, interaction: LoginInteraction, flow: AccountFlow, code: string): Promise<boolean> {
    const fail = (key: MessageKey, status = 400) => {
      answerCodePage(res, interaction, { status, errors: [{ field: "code", key }] });
      return false;
    };
    if (!code) return fail("challenge.codeRequired");
    if (!isWellFormedCode(code, "email")) return fail("challenge.codeFormat");
    const result = await codeGuard.check(registrationFlowKey(interaction.uid), code, {
      purpose: "registration",
      channel: "email",
      accountKey: flow.email,
      trustedDevice: false,
    });
    if (result === "over-budget") return fail("challenge.tooManyAttempts", 429);
    // An existing account's flow never passes, even if its undelivered code were guessed.
    if (result === "verified" && !flow.registration?.existing) return true;
    return fail(codeRefusalKey(result));
  }

  /** POST …/register-code: the code typed on the originating page, or a resend. */
  async function submitCode(req: IncomingMessage, res: ServerResponse, interaction: LoginInteraction) {
    const t = translator(interaction.locale);
    const form = await readForm(req);
    const flow = await accountFlows.get(interaction.uid);
    if (flow?.kind !== "register" || flow.step !== "check-email" || !flow.registration) return redirect(res, registerPath(interaction.uid));
    if (flow.expired) return expire(res, interaction);
    if (form.intent === "resend") {
      try {
        const sent = await sendEmail(interaction, flow.email, flow.registration);
        if (!sent.ok)
          return answerCodePage(res, interaction, {
            status: 429,
            notice: { field: "code", key: "challenge.resendWait", vars: { seconds: sent.retryAfterSeconds } },
          });
        await accountFlows.updateRegistration(interaction.uid, sent.registration);
      } catch (error) {
        deps.logger.error({ err: { message: (error as Error).message } }, "registration e-mail resend failed");
        return sendFallback(res, interaction, t("checkEmail.title"), t("fallback.resendCode"), registerPath(interaction.uid));
      }
      return answerCodePage(res, interaction, { status: 200, notice: { field: "code", key: "checkEmail.resent" } });
    }
    if (await verifyCode(res, interaction, flow, typedCode(form.code))) {
      forgetFormError(req, res, deps, interaction.uid);
      await createAccount(res, interaction, flow);
    }
  }

  /**
   * GET …/email-verify?otp&state (SPEC §5): without both it is no callback; in another browser or with another
   * flow's state, the code has to be typed where the registration started.
   */
  async function openLink(req: IncomingMessage, res: ServerResponse, uid: string, fallbackLocale: Locale, query: URLSearchParams) {
    const interaction = await loadLoginInteraction(deps.provider, req, res, uid);
    const locale = interaction?.locale ?? fallbackLocale;
    const t = translator(locale);
    const links = interaction ? [{ href: registerPath(uid), label: t("checkEmail.title") }] : [];
    const problem = (status: number, message: string) =>
      sendHtml(res, status, renderProblemPage({ locale, title: t("emailVerify.title"), message, links }));

    const callback = readEmailCallback(query, codeLength("email"));
    if (callback.kind === "invalid") return problem(400, t("emailVerify.invalid"));
    const flow = interaction ? await accountFlows.get(uid) : null;
    const sameClient =
      flow?.kind === "register" && flow.registration !== null && linkStateMatches(callback.state, flow.registration.linkStateHash);
    if (!interaction || !flow || !sameClient) return problem(409, t("emailVerify.otherClient", { otp: callback.otp }));
    if (flow.expired) return expire(res, interaction);
    if (await verifyCode(res, interaction, flow, callback.otp)) await createAccount(res, interaction, flow);
  }

  return { show, submit, submitCode, openLink };
}
