import { parseWithZod } from "@conform-to/zod/v4";
import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
  useActionData,
  useLoaderData,
} from "react-router";
import {
  EnrolAppStep,
  NewPhoneSchema,
  NewPhoneStep,
  PasskeyCreateStep,
  RecoveryCodesStep,
  VerifyCodeStep,
  VerifyPickSchema,
  VerifyPickStep,
  type FactorReply,
} from "~/components/profile/factor-steps";
import * as styles from "~/components/profile/profile.css";
import { authCodeSchema } from "~/domain/auth-code";
import type { VerificationNotice } from "~/domain/verification";
import {
  FactorChangeSchema,
  isFresh,
  verifyMethodsOf,
  type FactorChange,
  type FactorFlowState,
  type VerifyMethod,
  PasskeyNameSchema,
} from "~/domain/sign-in-factors";
import type { TranslationHandle } from "~/i18n";
import { useTranslation } from "~/i18n-react";
import { pageTitle } from "~/page-title";
import { env } from "~/services/env.server";
import { flashNotification } from "~/services/flash.server";
import { readForm } from "~/services/form-body.server";
import { assertSameOrigin } from "~/services/same-origin.server";
import { flowState, privatePageHeaders, requireParticipant, saveFlowState, type PortalSession } from "~/services/session.server";
import {
  confirmPhoneChange,
  confirmTotp,
  startPhoneChange,
  credentialOf,
  confirmWithPasskey,
  finishPasskey,
  removePasskey,
  renamePasskey,
  newRecoveryCodes,
  qrCodeImage,
  readFactors,
  removeTotp,
  sendFactorCode,
  startTotp,
  verifyFactorCode,
  type FactorFailure,
} from "~/services/sign-in-factors.server";

export const handle: TranslationHandle = { i18n: ["profile"] };
export const meta: MetaFunction = ({ matches }) => pageTitle(matches, "profile", "factors.heading");

export const FACTORS_FLOW = "sign-in-factors";
const SECURITY_PATH = "/profile/security";

const stateOf = (session: PortalSession) => flowState<FactorFlowState>(session, FACTORS_FLOW);
const save = (session: PortalSession, state: FactorFlowState | null) => saveFlowState(session, FACTORS_FLOW, state);
const toPage = () => redirect("/profile/security/factors", { status: 303, headers: privatePageHeaders });

async function loginSecurityParticipant(request: Request, context: LoaderFunctionArgs["context"]) {
  const session = await requireParticipant(request, context);
  if (!env.FEATURE_LOGIN_SECURITY) throw data(null, { status: 404 });
  return session;
}

const noMethods: VerifyMethod[] = [];

/** This page exists only in the middle of a change; otherwise it is Login & Security. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await loginSecurityParticipant(request, context);
  const state = stateOf(session);
  if (!state) throw redirect(SECURITY_PATH, { headers: privatePageHeaders });
  if (state.step === "pick") {
    const factors = await readFactors(session);
    return data(
      {
        state,
        methods: factors ? verifyMethodsOf(factors) : noMethods,
        phone: factors?.phone ?? null,
        hasPasskeys: Boolean(factors?.passkeys.length),
        qrCode: null,
      },
      { headers: privatePageHeaders },
    );
  }
  const qrCode = state.step === "enrol" ? await qrCodeImage(state.uri) : null;
  return { state, methods: noMethods, phone: null, hasPasskeys: false, qrCode };
}

const noticeFor = (failure: FactorFailure): VerificationNotice =>
  failure.errorCode
    ? { titleKey: "factors.errors.noticeTitle", bodyKey: `accountErrors.${failure.errorCode}`, values: failure.values }
    : { titleKey: "factors.errors.noticeTitle", bodyKey: "errors.generic" };
const answer = (reply: FactorReply, status: number) => data(reply, { status });
const statusOf = (failure: FactorFailure) => (failure.httpStatus >= 500 || failure.httpStatus < 400 ? 503 : failure.httpStatus);

async function finished(session: PortalSession, change: FactorChange | "rename-passkey") {
  await save(session, null);
  const cookie = await flashNotification({ type: "success", titleKey: `profile:factors.done.${change}` });
  return redirect(SECURITY_PATH, { status: 303, headers: { ...privatePageHeaders, "Set-Cookie": cookie } });
}

/** The recovery codes, shown on the next page this once (and as a text file while it is open). */
async function showCodes(session: PortalSession, change: FactorChange, codes: string[]) {
  await save(session, { change, step: "codes", codes });
  return toPage();
}

/** A change the provider refused (the only factor, one already gone): back to Login & Security, saying why. */
async function backWithFailure(session: PortalSession, failure: FactorFailure) {
  await save(session, null);
  const cookie = await flashNotification({
    type: "error",
    titleKey: "profile:factors.errors.noticeTitle",
    bodyKey: `profile:accountErrors.${failure.errorCode ?? "badRequest"}`,
  });
  return redirect(SECURITY_PATH, { status: 303, headers: { ...privatePageHeaders, "Set-Cookie": cookie } });
}

/** The change itself, once a code has passed (the identity provider checks that again). */
async function makeChange(session: PortalSession, change: FactorChange, device: string, passkeyId?: string) {
  if (change === "change-phone") {
    await save(session, { change, step: "phone" });
    return toPage();
  }
  if (change === "add-passkey") {
    await save(session, { change, step: "passkey" });
    return toPage();
  }
  if (change === "remove-passkey") {
    const removed = await removePasskey(session, passkeyId ?? "", device);
    if (!removed.ok) return backWithFailure(session, removed);
    return finished(session, change);
  }
  if (change === "add-totp") {
    const started = await startTotp(session);
    if (!started.ok) return answer({ notice: noticeFor(started) }, statusOf(started));
    await save(session, { change, step: "enrol", secret: started.secret, uri: started.uri });
    return toPage();
  }
  if (change === "remove-totp") {
    const removed = await removeTotp(session, device);
    if (!removed.ok) {
      await save(session, null);
      const cookie = await flashNotification({
        type: "error",
        titleKey: "profile:factors.errors.noticeTitle",
        bodyKey: `profile:accountErrors.${removed.errorCode ?? "badRequest"}`,
      });
      return redirect(SECURITY_PATH, { status: 303, headers: { ...privatePageHeaders, "Set-Cookie": cookie } });
    }
    return finished(session, change);
  }
  const codes = await newRecoveryCodes(session, device);
  if (!codes.ok) return answer({ notice: noticeFor(codes) }, statusOf(codes));
  return showCodes(session, change, codes.codes);
}

export async function action({ request, context }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const session = await loginSecurityParticipant(request, context);
  const form = await readForm(request);
  const device = request.headers.get("user-agent") ?? "";
  const intent = String(form.get("intent") ?? "");
  const state = stateOf(session);

  if (intent === "cancel") {
    await save(session, null);
    return redirect(SECURITY_PATH, { status: 303, headers: privatePageHeaders });
  }
  if (intent === "start") {
    const change = FactorChangeSchema.safeParse(form.get("change"));
    if (!change.success) return answer({ notice: { titleKey: "factors.errors.noticeTitle", bodyKey: "errors.generic" } }, 400);
    const passkeyId = String(form.get("passkeyId") ?? "").slice(0, 2000) || undefined;
    const factors = await readFactors(session);
    if (factors && isFresh(factors, Date.now())) return makeChange(session, change.data, device, passkeyId);
    await save(session, { change: change.data, step: "pick", passkeyId });
    return toPage();
  }
  // A name is not a factor: renaming needs no code.
  if (intent === "rename-passkey") {
    const name = PasskeyNameSchema.safeParse(form.get("name") ?? "");
    if (!name.success) return answer({ notice: { titleKey: "factors.errors.noticeTitle", bodyKey: name.error.issues[0]!.message } }, 400);
    const renamed = await renamePasskey(session, String(form.get("passkeyId") ?? "").slice(0, 2000), name.data);
    if (!renamed.ok) return backWithFailure(session, renamed);
    return finished(session, "rename-passkey");
  }
  if (!state) return redirect(SECURITY_PATH, { status: 303, headers: privatePageHeaders });

  if (intent === "pick" && state.step === "pick") {
    const submission = parseWithZod(form, { schema: VerifyPickSchema });
    if (submission.status !== "success") return answer({ intent, result: submission.reply() }, 400);
    const method = submission.value.method;
    if (method === "totp") {
      await save(session, { change: state.change, step: "code", method, phoneNumber: null, passkeyId: state.passkeyId });
      return toPage();
    }
    const sent = await sendFactorCode(session, method);
    if (!sent.ok) return answer({ intent, result: submission.reply(), notice: noticeFor(sent) }, statusOf(sent));
    await save(session, { change: state.change, step: "code", method, phoneNumber: sent.phoneNumber, passkeyId: state.passkeyId });
    return toPage();
  }
  if (intent === "verify-passkey" && state.step === "pick") {
    const used = await confirmWithPasskey(session, "factors", credentialOf(form.get("credential")));
    if (!used.ok) return answer({ intent, notice: noticeFor(used) }, statusOf(used));
    return makeChange(session, state.change, device, state.passkeyId);
  }
  if (intent === "verify" && state.step === "code") {
    const submission = parseWithZod(form, { schema: authCodeSchema(state.method === "voice" ? "voice" : "sms") });
    if (submission.status !== "success") return answer({ intent, result: submission.reply() }, 400);
    const passed = await verifyFactorCode(session, state.method, submission.value.authCode);
    if (!passed.ok) {
      if (passed.errorCode === "codeInvalid")
        return answer({ intent, result: submission.reply({ fieldErrors: { authCode: ["code.errors.invalid"] } }) }, 400);
      return answer({ intent, result: submission.reply(), notice: noticeFor(passed) }, statusOf(passed));
    }
    return makeChange(session, state.change, device, state.passkeyId);
  }
  if (intent === "confirm" && state.step === "enrol") {
    const submission = parseWithZod(form, { schema: authCodeSchema("sms") });
    if (submission.status !== "success") return answer({ intent, result: submission.reply() }, 400);
    const confirmed = await confirmTotp(session, submission.value.authCode, device);
    if (!confirmed.ok) {
      if (confirmed.errorCode === "codeInvalid")
        return answer({ intent, result: submission.reply({ fieldErrors: { authCode: ["code.errors.invalid"] } }) }, 400);
      return answer({ intent, result: submission.reply(), notice: noticeFor(confirmed) }, statusOf(confirmed));
    }
    return confirmed.codes ? showCodes(session, "add-totp", confirmed.codes) : finished(session, "add-totp");
  }
  if (intent === "done" && state.step === "codes") return finished(session, state.change);
  if (intent === "send-phone-code" && state.step === "phone") {
    const submission = parseWithZod(form, { schema: NewPhoneSchema });
    if (submission.status !== "success") return answer({ intent, result: submission.reply() }, 400);
    const started = await startPhoneChange(session, submission.value.phone, device);
    if (!started.ok) {
      if (started.errorCode === "phoneInvalid")
        return answer({ intent, result: submission.reply({ fieldErrors: { phone: ["accountErrors.phoneInvalid"] } }) }, 400);
      return answer({ intent, result: submission.reply(), notice: noticeFor(started) }, statusOf(started));
    }
    await save(session, { change: "change-phone", step: "phone-code", newPhone: started.newPhone });
    return toPage();
  }
  if (intent === "confirm-phone" && state.step === "phone-code") {
    const submission = parseWithZod(form, { schema: authCodeSchema("sms") });
    if (submission.status !== "success") return answer({ intent, result: submission.reply() }, 400);
    const confirmed = await confirmPhoneChange(session, submission.value.authCode, device);
    if (!confirmed.ok) {
      if (confirmed.errorCode === "codeInvalid")
        return answer({ intent, result: submission.reply({ fieldErrors: { authCode: ["code.errors.invalid"] } }) }, 400);
      return answer({ intent, result: submission.reply(), notice: noticeFor(confirmed) }, statusOf(confirmed));
    }
    return finished(session, "change-phone");
  }
  if (intent === "register-passkey" && state.step === "passkey") {
    const name = PasskeyNameSchema.safeParse(form.get("name") ?? "");
    let credential: unknown = null;
    try {
      credential = JSON.parse(String(form.get("credential") ?? ""));
    } catch {
      credential = null;
    }
    if (!name.success || !credential)
      return answer({ notice: { titleKey: "factors.errors.noticeTitle", bodyKey: "accountErrors.passkeyInvalid" } }, 400);
    const made = await finishPasskey(session, credential, name.data, device);
    if (!made.ok) return answer({ notice: noticeFor(made) }, statusOf(made));
    return made.codes ? showCodes(session, "add-passkey", made.codes) : finished(session, "add-passkey");
  }
  return toPage();
}

export default function SignInFactorChange() {
  const { t } = useTranslation("profile");
  const { state, methods, phone, hasPasskeys, qrCode } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as FactorReply | undefined;
  return (
    <section aria-labelledby="factor-change" className={styles.card}>
      <h1 id="factor-change" className={styles.cardHeading}>
        {t(`factors.titles.${state.change}`)}
      </h1>
      {state.step === "pick" ? <VerifyPickStep methods={methods} phone={phone} hasPasskeys={hasPasskeys} reply={reply} /> : null}
      {state.step === "code" ? <VerifyCodeStep method={state.method} phone={state.phoneNumber} reply={reply} /> : null}
      {state.step === "enrol" && qrCode ? <EnrolAppStep qrCode={qrCode} secret={state.secret} reply={reply} /> : null}
      {state.step === "codes" ? <RecoveryCodesStep codes={state.codes} /> : null}
      {state.step === "passkey" ? <PasskeyCreateStep reply={reply} /> : null}
      {state.step === "phone" ? <NewPhoneStep reply={reply} /> : null}
      {state.step === "phone-code" ? <VerifyCodeStep method="sms" phone={state.newPhone} reply={reply} intent="confirm-phone" /> : null}
    </section>
  );
}
