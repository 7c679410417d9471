import type { IncomingMessage, ServerResponse } from "node:http";
import { normalizePhone } from "../../domain/phone.ts";
import { readForm, redirect, sendHtml } from "../../http/io.ts";
import { translator } from "../../pages/i18n.ts";
import { renderEnrolPage } from "../../pages/sign-in-pages.tsx";
import { type HumanCheckPart } from "../../pages/sign-in-parts.tsx";
import type { SignInState } from "../../store/sign-in-states.ts";
import type { LoginInteraction } from "../account-flow-deps.ts";
import { enrolFlowKey } from "../deps.ts";
import { forgetFormError } from "../form-error.ts";
import { notSentMessage } from "../not-sent-message.ts";
import type { SignInContext } from "./context.ts";

/** An account without a second factor: its phone number, confirmed by a code before the sign-in ends. */
export function createEnrolStep(context: SignInContext) {
  const { deps, saveState, humanCheckFor, renderChallenge } = context;
  const { accounts, verifications } = deps;

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
    forgetFormError(req, res, deps, interaction.uid);
    redirect(res, `/interaction/${interaction.uid}`);
  }

  return enrol;
}
