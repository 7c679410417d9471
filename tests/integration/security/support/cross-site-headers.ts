/** The headers that each, alone, mark a POST as coming from another site or from no origin the portal trusts. */
export const crossSiteHeaders: readonly Record<string, string>[] = [
  { origin: "https://attacker.example" },
  { "sec-fetch-site": "cross-site" },
  { origin: "null" },
  { origin: "not a url" },
];
