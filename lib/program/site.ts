/**
 * The program's settings that the portal (`app/config/site.ts`, its footer) and the embedded services
 * (the results service's reports, the identity provider's hosted pages) use: one place to change each.
 * Nothing secret lives here.
 */
export const accreditation = {
  clinicalLabCertification: "05D2100000",
  pathologyCollegeCertification: "9000000",
} as const;

/** Public contact details: the portal's footer and the hosted sign-in pages' footer. */
export const support = {
  email: "support@dnadiscovery.example",
  phone: "+1-800-555-0142",
  phoneDisplay: "(800) 555-0142",
  covidPhone: "+1-800-555-0199",
  covidPhoneDisplay: "(800) 555-0199",
  contactUrl: "https://help.dnadiscovery.example/contact",
  /** Support's opening hours, Monday to Friday, Pacific time (24-hour clock). */
  opensAtHour: 6,
  closesAtHour: 18,
  helpCenterUrl: "https://help.dnadiscovery.example",
} as const;

/**
 * An opening hour of support as every page writes it ('6 AM', '6 a. m.'): Intl's rules for the
 * language, never wrapped. The hosted pages use it; the portal's own pages write the same with
 * hourOfDay (app/domain/clock-time.ts), so the footer and 'Didn't get a code?' agree everywhere.
 */
export function supportHour(hour: number, language: "en" | "es"): string {
  const formatted = new Intl.DateTimeFormat(language === "es" ? "es" : "en-US", { hour: "numeric", hour12: true, timeZone: "UTC" });
  return formatted.format(Date.UTC(2000, 0, 1, hour)).replace(/\s/g, "\u00a0");
}

export const legal = {
  privacyHighlightsUrl: "https://www.dnadiscovery.example/privacy-highlights",
  patentsUrl: "https://www.dnadiscovery.example/patents",
  privacyPolicyUrl: "https://www.dnadiscovery.example/privacy-policy",
  termsOfServiceUrl: "https://www.dnadiscovery.example/terms-of-service",
  noticeOfPrivacyPracticesUrl: "https://www.dnadiscovery.example/notice-of-privacy-practices",
  platformConsentUrl: "https://www.dnadiscovery.example/platform-consent",
  researchConsentUrl: "https://www.dnadiscovery.example/research-consent",
  privacyWebFormUrl: "https://privacy.dnadiscovery.example/web-form",
} as const;
