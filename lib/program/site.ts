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
