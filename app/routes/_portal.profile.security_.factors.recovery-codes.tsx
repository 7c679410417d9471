import { redirect } from "react-router";
import { type FactorFlowState, recoveryCodesFile, FACTORS_FLOW } from "~/domain/sign-in-factors";
import { pageTranslator } from "~/services/i18n.server";
import { languageOf } from "~/services/language.server";
import { flowState, participantSession } from "~/services/session.server";
import type { Route } from "./+types/_portal.profile.security_.factors.recovery-codes";

/** The recovery codes being shown, as a text file to keep; only while the page showing them is open. */
export async function loader({ context }: Route.LoaderArgs) {
  const session = participantSession(context);
  const state = flowState<FactorFlowState>(session, FACTORS_FLOW);
  if (state?.step !== "codes") throw redirect("/profile/security");
  const t = pageTranslator(languageOf(context)).fixed("profile");
  return new Response(recoveryCodesFile(state.codes, t("factors.savedCodes.fileHeading")), {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Content-Disposition": 'attachment; filename="recovery-codes.txt"',
      "X-Content-Type-Options": "nosniff",
    },
  });
}
