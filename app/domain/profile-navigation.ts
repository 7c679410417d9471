/** SPEC.md §2 'Side navigation': My Studies is for participants with research consent, agreement "rc" (SPEC.md §3). */
const RESEARCH_CONSENT_AGREEMENT = "rc";

export type ProfileSection = "overview" | "security" | "studies";

export function qualifiesForStudies(agreements: readonly string[]): boolean {
  return agreements.includes(RESEARCH_CONSENT_AGREEMENT);
}

export function profileSections(options: { loginSecurityEnabled: boolean; agreements: readonly string[] }): ProfileSection[] {
  const sections: ProfileSection[] = ["overview"];
  if (options.loginSecurityEnabled) sections.push("security");
  if (qualifiesForStudies(options.agreements)) sections.push("studies");
  return sections;
}

export const profileSectionPath: Record<ProfileSection, string> = {
  overview: "/profile/overview",
  security: "/profile/security",
  studies: "/profile/studies",
};
