import * as z from "zod";
import { maskPhone, normalizePhone } from "../domain/phone.ts";
import type { Account } from "../store/accounts.ts";
import type { PassedVerification } from "../store/verifications.ts";
import { fail, notSent } from "./answers.ts";
import type { CodeChecks } from "./code-checks.ts";
import type { AccountApiDeps, Caller, Handlers } from "./deps.ts";
import { deviceBody, factorChangeRecorder } from "./factor-changes.ts";
import type { PassedVerifications } from "./passed-verifications.ts";

const phoneChangeBody = deviceBody.extend({ phone: z.string().max(40) });
const phoneCodeBody = deviceBody.extend({ code: z.string().max(100).default("") });
const phoneChangeKey = ({ account, grantId }: Caller) => `phone-change:${account.id}:${grantId}`;

/**
 * The number being replaced must agree too: while it can still receive codes, the change is only opened
 * by a code sent to it (the app or a passkey alone would let whoever holds them take the recovery channel).
 */
function requireOldNumberAgreed(account: Account, open: PassedVerification): void {
  const oldNumberReceives = Boolean(account.phone) && account.phoneMethods.length > 0;
  if (oldNumberReceives && open.method !== "sms" && open.method !== "voice") throw fail(403, "oldPhoneRequired");
}

/** A new phone number: a code to it proves it reaches the participant; then it replaces the old one. */
export function phoneChangeHandlers(deps: AccountApiDeps, codes: CodeChecks, passed: PassedVerifications): Handlers {
  const factorChanged = factorChangeRecorder(deps);

  return {
    /** A code to the new number (the new-number and sending budgets of enrolment apply). */
    async "phone-change-start"(caller, body) {
      const { phone: typed } = phoneChangeBody.parse(body);
      const { account } = caller;
      requireOldNumberAgreed(account, await passed.requireOpen(caller));
      const phone = normalizePhone(typed);
      if (!phone) throw fail(400, "phoneInvalid");
      const newNumber = await deps.sendingBudget.reserveNewNumber(account.id, phone);
      if (!newNumber.ok) throw notSent({ reason: "budget", retryAfterSeconds: newNumber.retryAfterSeconds });
      const sent = await deps.verifications.send({
        flowKey: phoneChangeKey(caller),
        purpose: "enrol",
        channel: "sms",
        to: phone,
        // A number not yet verified: enrolments are paid from the newcomers' pool.
        budget: { accountKey: account.id, pool: "newcomer" },
      });
      if (!sent.ok) throw notSent(sent);
      return { status: "PENDING", nextStep: "confirm-phone", phoneNumber: maskPhone(phone) };
    },

    async "phone-change-confirm"(caller, body) {
      const { code, device } = phoneCodeBody.parse(body);
      const { account } = caller;
      return passed.changeWith(caller, async (open) => {
        requireOldNumberAgreed(account, open);
        const key = phoneChangeKey(caller);
        const phone = await deps.verifications.destinationOf(key);
        if (!phone) throw fail(409, "noVerification");
        await codes.checkSent(key, code, { purpose: "enrol", channel: "sms", accountKey: account.id, trustedDevice: false });
        await deps.accounts.setPhone(account.id, phone, ["sms", "voice"]);
        await factorChanged(account, "phone-changed", device);
        return { status: "SUCCESS", nextStep: "done", phoneNumber: maskPhone(phone) };
      });
    },
  };
}
