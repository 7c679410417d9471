import type { IncomingMessage, ServerResponse } from "node:http";
import { isWellFormedRecoveryCode } from "../../domain/recovery-codes.ts";
import { readForm, sendHtml } from "../../http/io.ts";
import { type MessageKey, translator } from "../../pages/i18n.ts";
import type { FieldError } from "../../pages/parts.tsx";
import { renderRecoveryCodePage } from "../../pages/sign-in-pages.tsx";
import type { Account } from "../../store/accounts.ts";
import type { SignInState } from "../../store/sign-in-states.ts";
import type { LoginInteraction } from "../account-flow-deps.ts";
import { RECOVERY_FAILURE_LIMIT } from "../deps.ts";
import { deviceName, factorChangeRecorder } from "../factor-notices.ts";
import type { SignInContext } from "./context.ts";

/** A recovery code instead of the second factor: used once, noted, and the participant asked to review their factors. */
export async function recoveryCodeStep(
  { deps, finish }: SignInContext,
  req: IncomingMessage,
  res: ServerResponse,
  interaction: LoginInteraction,
  state: SignInState,
  account: Account,
) {
  const { throttle, factors } = deps;
  const page = (status: number, errors: FieldError[] = []) =>
    sendHtml(res, status, renderRecoveryCodePage({ locale: interaction.locale, uid: interaction.uid, errors }));
  const fail = (status: number, key: MessageKey) => page(status, [{ field: "recoveryCode", message: translator(interaction.locale)(key) }]);
  if (req.method === "GET") return page(200);
  const form = await readForm(req);
  const typed = (form.recoveryCode ?? "").trim();
  if (!typed) return fail(400, "recoveryCode.required");
  const bucket = `recovery-fail:${account.id}`;
  if (await throttle.isLimited(bucket, RECOVERY_FAILURE_LIMIT)) return fail(429, "recoveryCode.tooMany");
  if (!isWellFormedRecoveryCode(typed) || !(await factors.useRecoveryCode(account.id, typed))) {
    if (isWellFormedRecoveryCode(typed)) await throttle.record(bucket);
    return fail(400, "recoveryCode.wrong");
  }
  await factorChangeRecorder(deps)(account, "recovery-code-used", deviceName(req.headers["user-agent"]));
  await finish(req, res, interaction, state, ["pwd", "otp", "rec"], true);
}
