import { redirect } from "react-router";
import { CLINICIAN_REPORT_PATH } from "~/domain/report-share";
import { languageOf } from "~/services/language.server";
import { openSharedPdf, readClinicianAccess } from "~/services/report-shares.server";
import { passedOnFile } from "~/services/upstream.server";
import type { Route } from "./+types/shared.report[.pdf]";

/** The shared report as a PDF, streamed from the results service for the share's access; else back to the page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const access = await readClinicianAccess(request);
  if (!access) return redirect(CLINICIAN_REPORT_PATH, { headers: { "Cache-Control": "no-store" } });
  const file = await openSharedPdf(access, languageOf(context), request.signal);
  const passed = await passedOnFile(request, file, {
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Robots-Tag": "noindex, nofollow",
  });
  return passed ?? redirect(CLINICIAN_REPORT_PATH, { headers: { "Cache-Control": "no-store" } });
}
