/**
 * Every route of the portal that accepts a POST, with a well-formed body. The attack and bad-input
 * suites run against each; a test fails when a route module exporting `action` is missing here.
 * Adding an action = one line.
 */
export interface PortalAction {
  /** The route module in app/routes. */
  route: string;
  path: string;
  /** Needs a signed-in participant (posted with the suite's session cookie). */
  signedIn: boolean;
  /** Ends or changes the session, so it is posted with a throw-away session. */
  endsSession?: boolean;
  validFields: Record<string, string>;
}

export const portalActions: PortalAction[] = [
  { route: "$.tsx", path: "/no-such-page", signedIn: false, validFields: { anything: "1" } },
  { route: "_portal.dashboard.banner.tsx", path: "/dashboard/banner", signedIn: true, validFields: { banner: "welcome" } },
  { route: "_portal.results.report.tsx", path: "/results/report", signedIn: true, validFields: { appId: "app-1001-traits" } },
  { route: "_portal.profile.security.password.tsx", path: "/profile/security/password", signedIn: true, validFields: { intent: "start" } },
  { route: "auth.sign-in.tsx", path: "/auth/sign-in", signedIn: false, validFields: { returnTo: "/" } },
  { route: "results-link.tsx", path: "/results-link", signedIn: false, validFields: { access_token: "not-a-token" } },
  { route: "auth.sign-out.tsx", path: "/auth/sign-out", signedIn: true, endsSession: true, validFields: {} },
  { route: "client-errors.tsx", path: "/client-errors", signedIn: false, validFields: { message: "TypeError: x is undefined" } },
  { route: "language.tsx", path: "/language", signedIn: false, validFields: { lang: "es", returnTo: "/" } },
  { route: "privacy-choices.tsx", path: "/privacy-choices", signedIn: false, validFields: { returnTo: "/" } },
  { route: "session.keep-alive.tsx", path: "/session/keep-alive", signedIn: true, validFields: { returnTo: "/" } },
  { route: "_portal.profile.overview.tsx", path: "/profile/overview", signedIn: true, validFields: { intent: "request-export" } },
  { route: "_portal.profile.studies_.withdraw.tsx", path: "/profile/studies/withdraw", signedIn: true, validFields: { intent: "cancel" } },
  { route: "_portal.profile.security_.factors.tsx", path: "/profile/security/factors", signedIn: true, validFields: { intent: "cancel" } },
  {
    route: "_portal.profile.security_.notifications.tsx",
    path: "/profile/security/notifications",
    signedIn: true,
    validFields: { email: "on", step: "3" },
  },
  {
    route: "_portal.profile.security_.sessions.tsx",
    path: "/profile/security/sessions",
    signedIn: true,
    validFields: { intent: "end", session: "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" },
  },
  {
    route: "accessibility.tsx",
    path: "/accessibility",
    signedIn: false,
    validFields: { page: "Sign-in", description: "The code field has no label", email: "reporter@example.test" },
  },
  {
    route: "_portal.shares.new.tsx",
    path: "/shares/new?app=app-1001-health",
    signedIn: true,
    validFields: { appId: "app-1001-health", recipient: "Dr. Rivera", days: "1" },
  },
  {
    route: "_portal.shares.$shareId.tsx",
    path: "/shares/00000000-0000-4000-8000-000000000000",
    signedIn: true,
    validFields: { intent: "revoke" },
  },
  { route: "_portal.download.tsx", path: "/download?file=exome&app=app-1001-exome", signedIn: true, validFields: { intent: "cancel" } },
  { route: "shared._index.tsx", path: "/shared", signedIn: false, validFields: { code: "ABCDE-FGHJK", dateOfBirth: "1984-03-09" } },
  { route: "shared.report.tsx", path: "/shared/report", signedIn: false, validFields: {} },
  {
    route: "_portal.kits.register.tsx",
    path: "/kits/register",
    signedIn: true,
    // A well-formed barcode of no kit: the results service answers 'not found', nothing is registered.
    validFields: { barcode: "9000 0000 0012", sampleOf: "self", collectedOn: new Date().toISOString().slice(0, 10) },
  },
  {
    route: "_portal.results.family-letter.tsx",
    path: "/results/family-letter",
    signedIn: true,
    validFields: { intent: "make", appId: "app-1001-health" },
  },
  { route: "family.tsx", path: "/family", signedIn: false, validFields: { code: "ABCDEFGHJK" } },
  {
    route: "_portal.results.counselling.tsx",
    path: "/results/counselling?app=app-1001-health",
    signedIn: true,
    validFields: {
      appId: "app-1001-health",
      contact: "video",
      language: "en",
      timeZone: "America/Chicago",
      window1Date: new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10),
      window1From: "09:00",
      window1To: "12:00",
    },
  },
  {
    route: "_portal.counselling.tsx",
    path: "/counselling",
    signedIn: true,
    validFields: { intent: "cancel", requestId: "00000000-0000-4000-8000-000000000000" },
  },
];

/** Query parameters the portal reads, by path. */
export const portalQueries: { path: string; parameters: string[]; signedIn: boolean }[] = [
  { path: "/auth/sign-in", parameters: ["returnTo", "lang"], signedIn: false },
  { path: "/auth/callback", parameters: ["code", "state", "error", "error_description"], signedIn: false },
  { path: "/results-link", parameters: ["access_token"], signedIn: false },
  { path: "/", parameters: ["lang", "modal", "step"], signedIn: true },
  { path: "/profile/security", parameters: ["after"], signedIn: true },
  { path: "/profile/security/password", parameters: ["step"], signedIn: true },
  { path: "/session-expired", parameters: ["returnTo"], signedIn: false },
  { path: "/accessibility", parameters: ["reported"], signedIn: false },
  { path: "/shared", parameters: ["link", "closed"], signedIn: false },
  { path: "/shares/new", parameters: ["app"], signedIn: true },
  { path: "/download", parameters: ["file", "app", "id"], signedIn: true },
  { path: "/results/report", parameters: ["app"], signedIn: true },
  { path: "/results/report.pdf", parameters: ["app"], signedIn: true },
  { path: "/results/counselling", parameters: ["app"], signedIn: true },
];
