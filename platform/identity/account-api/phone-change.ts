import * as z from "zod";
import { maskPhone, normalizePhone } from "../domain/phone.ts";
import { factorChangeRecorder } from "../interactions/factor-notices.ts";
import { phoneChangeNotice } from "../interactions/phone-change-notices.ts";
import type { PassedVerification } from "../store/verifications.ts";
import { fail, notSent } from "./answers.ts";
import type { CodeChecks } from "./code-checks.ts";
import type { AccountApiDeps, Caller, Handlers } from "./deps.ts";
import { deviceBody } from "./factor-changes.ts";
import type { PassedVerifications } from "./passed-verifications.ts";

/** `oldNumberUnavailable`: the participant says the current number cannot receive codes (lost, no signal). */
const phoneChangeBody = deviceBody.extend({ phone: z.string().max(40), oldNumberUnavailable: z.boolean().default(false) });
const phoneCodeBody = deviceBody.extend({ code: z.string().max(100).default("") });
const phoneChangeKey = ({ account, grantId }: Caller) => `phone-change:${account.id}:${grantId}`;

const byOldNumber = (open: PassedVerification) => open.method === "sms" || open.method === "voice";

/**
 * A new phone number: a code to it proves it reaches the participant. Agreed by a code to the old
 * number it replaces the old one at once; otherwise it is requested, and takes effect after the
 * cooling-off period unless cancelled. Each is e-mailed when it starts and when it ends.
 */
export function phoneChangeHandlers(deps: AccountApiDeps, codes: CodeChecks, passed: PassedVerifications): Handlers {
  const factorChanged = factorChangeRecorder(deps);
  const { phoneChanges, phoneChangeSettler } = deps;

  return {
    /**
     * A code to the new number (the new-number and sending budgets of enrolment apply), handed to the
     * provider at once: a number it refuses (invalid, a landline, STOP) is answered 400 `phoneNotReached`
     * with the refusal, and no change starts.
     */
    async "phone-change-start"(caller, body) {
      const { phone: typed, oldNumberUnavailable } = phoneChangeBody.parse(body);
      const { account } = caller;
      const open = await passed.requireOpen(caller);
      // The number being replaced must agree too: while it can still receive codes, only a code sent to it opens the
      // change (the app or a passkey alone would let whoever holds them take the recovery channel), unless the
      // participant says it cannot receive them; then the change waits out the cooling-off period.
      const oldNumberReceives = Boolean(account.phone) && account.phoneMethods.length > 0;
      if (oldNumberReceives && !oldNumberUnavailable && !byOldNumber(open)) throw fail(403, "oldPhoneRequired");
      const phone = normalizePhone(typed);
      if (!phone) throw fail(400, "phoneInvalid");
      const newNumber = await deps.sendingBudget.reserveNewNumber(account.id, phone);
      if (!newNumber.ok) throw notSent({ reason: "budget", retryAfterSeconds: newNumber.retryAfterSeconds });
      // 'Resend code' starts nothing new: the change's first e-mail went with the first code.
      const key = phoneChangeKey(caller);
      const resent = (await deps.verifications.destinationOf(key)) === phone;
      // Handed to the provider before answering, so a number it refuses is told on this step.
      const delivery = await codes.send(account, "sms", { key, purpose: "enrol", to: phone });
      if (delivery?.state === "failed") {
        // Nothing reached the number: no code is live for it and the participant may correct it at once.
        await deps.verifications.discard(key);
        throw fail(400, "phoneNotReached", { delivery });
      }
      // A change the old number agreed to goes through with the new number's code: told now, at its start.
      if (byOldNumber(open) && !resent) await phoneChangeNotice(deps, account, { kind: "started", newPhone: phone, at: deps.now() });
      return { status: "PENDING", nextStep: "confirm-phone", phoneNumber: maskPhone(phone), delivery };
    },

    async "phone-change-confirm"(caller, body) {
      const { code, device } = phoneCodeBody.parse(body);
      const { account } = caller;
      return passed.changeWith(caller, async (open) => {
        const key = phoneChangeKey(caller);
        const phone = await deps.verifications.destinationOf(key);
        if (!phone) throw fail(409, "noVerification");
        await codes.checkSent(key, code, { purpose: "enrol", channel: "sms", accountKey: account.id, trustedDevice: false });
        if (!byOldNumber(open)) {
          const requested = await phoneChanges.request(account.id, phone, device);
          await phoneChangeSettler.settle(account.id);
          await phoneChangeNotice(deps, account, {
            kind: "requested",
            newPhone: phone,
            at: requested.requestedAt,
            effectiveAt: requested.effectiveAt,
          });
          return {
            status: "PENDING",
            nextStep: "cooling-off",
            phoneNumber: maskPhone(phone),
            effectiveAt: requested.effectiveAt.toISOString(),
          };
        }
        // Agreed by the old number: any change still waiting is replaced by this one.
        await phoneChanges.cancel(account.id);
        await deps.accounts.setPhone(account.id, phone, ["sms", "voice"]);
        await factorChanged(account, "phone-changed", device, { phone });
        await phoneChangeSettler.settle(account.id);
        return { status: "SUCCESS", nextStep: "done", phoneNumber: maskPhone(phone) };
      });
    },

    /** 'Cancel this change': needs no code (it only keeps the number the participant has); asking twice is harmless. */
    async "phone-change-cancel"({ account }) {
      const cancelled = await phoneChanges.cancel(account.id);
      await phoneChangeSettler.settle(account.id);
      return { status: "SUCCESS", nextStep: "done", cancelled: cancelled !== null };
    },
  };
}
