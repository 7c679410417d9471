import { json, type LoaderFunctionArgs } from "@remix-run/node";
import type { FactorFlowState } from "~/domain/sign-in-factors";
import { flowState, privatePageHeaders, requireParticipant } from "~/services/session.server";
import { passkeyRegistrationOptions } from "~/services/sign-in-factors.server";
import { FACTORS_FLOW } from "./_portal.profile.security_.factors";

/** The WebAuthn options for the passkey being added (the provider keeps their challenge); only on that step. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requireParticipant(request, context);
  if (flowState<FactorFlowState>(session, FACTORS_FLOW)?.step !== "passkey") throw json(null, { status: 409, headers: privatePageHeaders });
  const options = await passkeyRegistrationOptions(session);
  if (!options.ok)
    throw json(null, {
      status: options.httpStatus >= 400 && options.httpStatus < 500 ? options.httpStatus : 503,
      headers: privatePageHeaders,
    });
  return json(options.options, { headers: privatePageHeaders });
}
