/**
 * The program's settings that both the portal (`app/config/site.ts`, its footer) and the embedded
 * results service (`platform/results/report-issuer.ts`, its reports) use: one place to change each.
 * Nothing secret lives here.
 */
export const accreditation = {
  clinicalLabCertification: "05D2100000",
  pathologyCollegeCertification: "9000000",
} as const;
