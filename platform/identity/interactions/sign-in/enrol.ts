import type { IncomingMessage, ServerResponse } from "node:http";
import { normalizePhone } from "../../domain/phone.ts";
import { clientAddress, readForm, redirect, sendHtml } from "../../http/io.ts";
import { translator } from "../../pages/i18n.ts";
import { renderEnrolPage } from "../../pages/sign-in-pages.tsx";
import type { SignInState } from "../../store/sign-in-states.ts";
import type { LoginInteraction } from "../account-flow-deps.ts";
import { enrolFlowKey } from "../deps.ts";
import { checkRefused, forgetFormError, formErrorOf, type Refusal, refuseTo, notSentError } from "../form-error.ts";
import type { SignInContext } from "./context.ts";

/** An account without a second factor: its phone number, confirmed by a code before the sign-in ends. */
export function createEnrolStep(context: SignInContext) {
  const { deps, saveState, refusedCheck } = context;
  const { verifications } = deps;
  const checkScopeOf = (state: SignInState) => `enrol:${state.accountId}`;

  /** The number page again with what was typed: a reload sends nothing and counts nothing. */
  const refuse = (res: ServerResponse, interaction: LoginInteraction, typed: string, refusal: Refusal) =>
    refuseTo(res, deps, interaction.uid, "enrol", `/interaction/${interaction.uid}`, {
      ...refusal,
      values: { phoneNumber: typed.slice(0, 40), ...refusal.values },
    });

  function show(req: IncomingMessage, res: ServerResponse, interaction: LoginInteraction, state: SignInState) {
    const t = translator(interaction.locale);
    const kept = formErrorOf(req, deps, interaction.uid, "enrol");
    sendHtml(
      res,
      kept?.status ?? 200,
      renderEnrolPage({
        locale: interaction.locale,
        uid: interaction.uid,
        ...(kept && { phone: kept.values.phoneNumber, ...refusedCheck(res, t, kept, checkScopeOf(state), t("enrol.submit")) }),
      }),
    );
  }

  async function enrol(req: IncomingMessage, res: ServerResponse, interaction: LoginInteraction, state: SignInState) {
    const form = await readForm(req);
    const typed = (form.phoneNumber ?? "").trim();
    const phone = normalizePhone(typed);
    if (!phone)
      return refuse(res, interaction, typed, {
        errors: [{ field: "phoneNumber", key: typed ? "enrol.phoneInvalid" : "enrol.phoneRequired" }],
      });
    // Each new number costs a message: past the first few, a person has to be behind the request.
    if (await deps.sendingBudget.newNumberNeedsCheck(state.accountId, phone)) {
      const answer = await deps.humanCheck.check(form, checkScopeOf(state));
      if (answer !== "passed") return refuse(res, interaction, typed, checkRefused(answer, form));
    }
    const newNumber = await deps.sendingBudget.reserveNewNumber(state.accountId, phone);
    if (!newNumber.ok) {
      const minutes = Math.max(1, Math.ceil(newNumber.retryAfterSeconds / 60));
      const tooMany = { field: "phoneNumber", key: "enrol.tooManyNumbers", vars: { minutes } } as const;
      return refuse(res, interaction, typed, { status: 429, errors: [tooMany] });
    }
    const sent = await verifications.send({
      flowKey: enrolFlowKey(interaction.uid),
      purpose: "enrol",
      channel: "sms",
      to: phone,
      locale: interaction.locale,
      sendNow: true,
      // A number not yet verified: enrolments are paid from the newcomers' pool.
      budget: { accountKey: state.accountId, pool: "newcomer", source: clientAddress(req, deps.trustedProxies) },
    });
    // Too soon after the code for another number, or a spent budget: nothing was sent, the page says when.
    if (!sent.ok) return refuse(res, interaction, typed, { status: 429, errors: [{ field: "phoneNumber", ...notSentError(sent) }] });
    await saveState({ ...state, step: "enrol-challenge", method: "sms", pendingPhone: phone });
    forgetFormError(req, res, deps, interaction.uid);
    redirect(res, `/interaction/${interaction.uid}`);
  }

  return { show, enrol };
}
