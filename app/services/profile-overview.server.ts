import type { Person } from "~/components/profile/personal-information-card";
import { consentEntries } from "~/domain/consent-history";
import { patientFullName } from "~/domain/patient-results";
import { profileSections } from "~/domain/profile-navigation";
import { env } from "./env.server";
import { oncePerRequest } from "./per-request.server";
import { fetchPatientResults } from "./results.server";
import type { PortalSession } from "./session.server";

/**
 * Name, e-mail and which sections the participant has. The results service knows the patient's
 * name and agreements; when it cannot answer, the signed-in identity still fills the card and
 * My Studies stays hidden (nobody is shown a section they may not qualify for).
 */
export function profileOverview(session: PortalSession, context?: Parameters<typeof oncePerRequest>[0]) {
  // The profile layout and its page (My Studies) both ask: one results call per request.
  return oncePerRequest(context, "profile-overview", async () => {
    const outcome = await fetchPatientResults(session);
    const patient = outcome.ok ? outcome.results.patient : null;
    const agreements = outcome.ok ? outcome.results.agreements : [];
    const sections = profileSections({ loginSecurityEnabled: env.FEATURE_LOGIN_SECURITY, agreements });
    return {
      person: {
        name: (patient && patientFullName(patient)) || session.fullName || "",
        email: patient?.email || session.email || "",
      } satisfies Person,
      sections,
      canSeeStudies: sections.includes("studies"),
      // No answer (599) or a 5xx: whether My Studies is the participant's is not known.
      resultsUnavailable: !outcome.ok && outcome.status >= 500,
      consents: outcome.ok ? consentEntries(outcome.results.consents, outcome.results.apps) : [],
    };
  });
}
