import { redirect } from "react-router";
import { CLINICIAN_REPORT_PATH } from "~/domain/report-share";
import { detectLanguage } from "~/services/language.server";
import { openSharedPdf, readClinicianAccess } from "~/services/report-shares.server";
import type { Route } from "./+types/shared.report[.pdf]";

const PASSED_HEADERS = ["content-type", "content-length", "content-disposition"];

/** The shared report as a PDF, streamed from the results service for the share's access; else back to the page. */
export async function loader({ request }: Route.LoaderArgs) {
  const access = await readClinicianAccess(request);
  if (!access) return redirect(CLINICIAN_REPORT_PATH, { headers: { "Cache-Control": "no-store" } });
  const file = await openSharedPdf(access, await detectLanguage(request), request.signal);
  if (file.answered && file.ok && file.body) {
    const headers = new Headers({
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "no-referrer",
      "X-Robots-Tag": "noindex, nofollow",
    });
    for (const name of PASSED_HEADERS) {
      const value = file.headers.get(name);
      if (value) headers.set(name, value);
    }
    return new Response(file.body, { status: 200, headers });
  }
  if (file.answered) await file.body?.cancel();
  return redirect(CLINICIAN_REPORT_PATH, { headers: { "Cache-Control": "no-store" } });
}
