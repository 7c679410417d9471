import type { RegistrationResponseJSON } from "@simplewebauthn/server";
import * as z from "zod";
import { registrationOptions, verifiedRegistration } from "../domain/passkey-ceremonies.ts";
import { maskPhone } from "../domain/phone.ts";
import { newTotpSecret, totpUri } from "../domain/totp.ts";
import { deviceName, factorChangeRecorder } from "../interactions/factor-notices.ts";
import { programName } from "../pages/i18n.ts";
import type { Account } from "../store/accounts.ts";
import { type Answer, fail } from "./answers.ts";
import type { AccountApiDeps, Handlers } from "./deps.ts";
import type { PassedVerifications } from "./passed-verifications.ts";

/** The participant's browser (the portal passes its User-Agent), listed beside each change as 'Chrome on Linux'. */
export const deviceBody = z.object({ device: z.string().max(1000).optional().transform(deviceName) });
const totpConfirmBody = deviceBody.extend({ code: z.string().max(100).default("") });
const passkeyName = z.string().trim().min(1).max(60);
const passkeyFinishBody = deviceBody.extend({ credential: z.looseObject({ id: z.string().max(2000) }), name: passkeyName });
const passkeyRenameBody = z.object({ id: z.string().min(1).max(2000), name: passkeyName });
const passkeyRemoveBody = deviceBody.extend({ id: z.string().min(1).max(2000) });

/**
 * Login & Security's sign-in methods: the list, and each change, which needs a code passed in the
 * same session for this purpose (one change per code; passed-verifications.ts).
 */
export function factorChangeHandlers(deps: AccountApiDeps, passed: PassedVerifications): Handlers {
  const { factors, passkeys } = deps;
  const factorChanged = factorChangeRecorder(deps);

  /** Ten new recovery codes, shown this once; the old ones stop working. */
  async function newRecoveryCodes(account: Account, device: string): Promise<Answer> {
    const recoveryCodes = await factors.replaceRecoveryCodes(account.id);
    await factorChanged(account, "recovery-codes-created", device);
    return { status: "SUCCESS", nextStep: "recovery-codes", recoveryCodes };
  }

  /** The first strong factor (an app or a passkey) brings ten recovery codes. */
  async function withFirstRecoveryCodes(account: Account, device: string): Promise<Answer> {
    if ((await factors.recoveryCodesLeft(account.id)) > 0) return { status: "SUCCESS", nextStep: "done" };
    return newRecoveryCodes(account, device);
  }

  return {
    /** Every factor, how many recovery codes are left, the recent changes, and whether this session may change one now. */
    async factors(caller) {
      // A requested phone change whose cooling-off period is over is applied when the page is viewed.
      await deps.phoneChangeSettler.settle(caller.account.id);
      const account = (await deps.accounts.findById(caller.account.id)) ?? caller.account;
      const pending = await deps.phoneChanges.pending(account.id);
      return {
        status: "SUCCESS",
        factors: {
          phone: account.phone ? maskPhone(account.phone) : null,
          phoneMethods: account.phoneMethods,
          totp: await factors.hasTotp(account.id),
          recoveryCodesLeft: await factors.recoveryCodesLeft(account.id),
          lastFactor: await factors.lastFactor(account.id),
          freshUntil: (await passed.factorsOpenUntil(caller))?.toISOString() ?? null,
          pendingPhoneChange: pending
            ? {
                phone: maskPhone(pending.newPhone),
                requestedAt: pending.requestedAt.toISOString(),
                effectiveAt: pending.effectiveAt.toISOString(),
              }
            : null,
          events: await factors.events(account.id),
          passkeys: (await passkeys.list(account.id)).map(({ id, name, createdAt, lastUsedAt }) => ({ id, name, createdAt, lastUsedAt })),
        },
      };
    },

    /** A new authenticator app: its secret, to be confirmed by a first code. */
    async "totp-enrol-start"(caller) {
      const { account } = caller;
      await passed.requireOpen(caller);
      if (await factors.hasTotp(account.id)) throw fail(409, "totpExists");
      const secret = newTotpSecret();
      await factors.startTotp(account.id, secret);
      return { status: "PENDING", nextStep: "confirm-totp", totp: { secret, uri: totpUri(secret, account.email, programName("en")) } };
    },

    /** The first code confirms it; the first strong factor also brings ten recovery codes, shown this once. */
    async "totp-enrol-confirm"(caller, body) {
      const { code, device } = totpConfirmBody.parse(body);
      const { account } = caller;
      return passed.changeWith(caller, async () => {
        if (!/^\d{6}$/.test(code.trim()) || !(await factors.confirmTotp(account.id, code.trim()))) throw fail(400, "codeInvalid");
        await factorChanged(account, "totp-added", device);
        return withFirstRecoveryCodes(account, device);
      });
    },

    async "totp-remove"(caller, body) {
      const { device } = deviceBody.parse(body);
      const { account } = caller;
      return passed.changeWith(caller, async () => {
        if (!(await factors.hasTotp(account.id))) throw fail(409, "totpMissing");
        if (!account.phone && (await passkeys.list(account.id)).length === 0) throw fail(409, "lastFactor");
        await factors.removeTotp(account.id);
        await factorChanged(account, "totp-removed", device);
        return { status: "SUCCESS", nextStep: "done" };
      });
    },

    /** A passkey for this account: the options the browser's WebAuthn call needs (its challenge kept 5 minutes). */
    async "passkey-register-start"(caller) {
      const { account } = caller;
      await passed.requireOpen(caller);
      const options = await registrationOptions(deps.relyingParty, account, await passkeys.list(account.id));
      await passkeys.keepChallenge(`register:${account.id}`, options.challenge);
      return { status: "PENDING", nextStep: "create-passkey", passkeyOptions: options };
    },

    async "passkey-register-finish"(caller, body) {
      const { credential, name, device } = passkeyFinishBody.parse(body);
      const { account } = caller;
      return passed.changeWith(caller, async () => {
        const challenge = await passkeys.takeChallenge(`register:${account.id}`);
        const made = challenge
          ? await verifiedRegistration(deps.relyingParty, credential as unknown as RegistrationResponseJSON, challenge)
          : null;
        if (!made) throw fail(400, "passkeyInvalid");
        // A credential id is one authenticator's: one kept already (another account's, or this one's again) is refused.
        if (!(await passkeys.add({ ...made, accountId: account.id, name }))) throw fail(400, "passkeyInvalid");
        await factorChanged(account, "passkey-added", device);
        return withFirstRecoveryCodes(account, device);
      });
    },

    /** A name is not a factor: renaming needs no fresh code. */
    async "passkey-rename"({ account }, body) {
      const { id, name } = passkeyRenameBody.parse(body);
      if (!(await passkeys.rename(account.id, id, name))) throw fail(404, "notFound");
      return { status: "SUCCESS", nextStep: "done" };
    },

    async "passkey-remove"(caller, body) {
      const { id, device } = passkeyRemoveBody.parse(body);
      const { account } = caller;
      return passed.changeWith(caller, async () => {
        const others = (await passkeys.list(account.id)).filter((passkey) => passkey.id !== id);
        if (!account.phone && !(await factors.hasTotp(account.id)) && others.length === 0) throw fail(409, "lastFactor");
        if (!(await passkeys.remove(account.id, id))) throw fail(404, "notFound");
        await factorChanged(account, "passkey-removed", device);
        return { status: "SUCCESS", nextStep: "done" };
      });
    },

    async "recovery-codes-regenerate"(caller, body) {
      const { device } = deviceBody.parse(body);
      return passed.changeWith(caller, () => newRecoveryCodes(caller.account, device));
    },
  };
}
