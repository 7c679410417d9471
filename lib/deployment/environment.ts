/**
 * One environment rule for every process (portal, launcher, identity provider, results service):
 * PORTAL_ENVIRONMENT when set, otherwise the portal's host name decides (SPEC.md §9). Outside
 * development every development door is closed and no published development secret is accepted.
 */
export type DeploymentEnvironment = "development" | "staging" | "regulated-test" | "production";

export const deploymentEnvironments: readonly DeploymentEnvironment[] = ["development", "staging", "regulated-test", "production"];

function isLocalHost(host: string): boolean {
  return host === "localhost" || host.endsWith(".localhost") || host === "::1" || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** SPEC.md §9: development (localhost, dev hosts, 192.168.*), staging, regulated-test, otherwise production. */
export function environmentForHost(hostname: string): DeploymentEnvironment {
  const host = hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, "")
    .replace(/\.$/, "");
  if (isLocalHost(host) || host.startsWith("192.168.") || /(^|[.-])dev([.-]|$)/.test(host)) {
    return "development";
  }
  if (/(^|[.-])(staging|stage|stg)([.-]|$)/.test(host)) return "staging";
  if (/(^|[.-])(regulated-test|regtest)([.-]|$)/.test(host)) return "regulated-test";
  return "production";
}

/** The environment every process agrees on, from the same two variables. */
export function deploymentEnvironmentOf(env: Readonly<Record<string, string | undefined>>): DeploymentEnvironment {
  const named = env.PORTAL_ENVIRONMENT;
  if (named && (deploymentEnvironments as readonly string[]).includes(named)) return named as DeploymentEnvironment;
  if (named) throw new Error(`PORTAL_ENVIRONMENT must be one of ${deploymentEnvironments.join(", ")}`);
  let hostname = "localhost";
  try {
    hostname = new URL(env.PORTAL_URL ?? "http://localhost:3000").hostname;
  } catch {
    throw new Error("PORTAL_URL is not a URL");
  }
  return environmentForHost(hostname);
}

/**
 * The development values published in this repository's defaults and README. A deployment outside
 * development that is given one of them explicitly is as open as one given none.
 */
export const PUBLISHED_DEVELOPMENT_SECRETS: ReadonlySet<string> = new Set([
  "development-only-session-secret-change-me",
  "dev-portal-secret-change-me",
  "dev-identity-cookie-key-1-change-me",
  "dev-identity-factor-key-change-me-32-bytes-at-least",
]);

/** Problems with secrets outside development: each must be set, and none may be a published value. */
export function secretProblems(
  environment: DeploymentEnvironment,
  secrets: Readonly<Record<string, string | readonly string[] | undefined>>,
): string[] {
  if (environment === "development") return [];
  return Object.entries(secrets).flatMap(([name, value]) => {
    const values = value === undefined ? [] : typeof value === "string" ? [value] : value;
    if (values.length === 0 || values.every((each) => each.trim() === "")) return [`${name} is required outside development`];
    if (values.some((each) => PUBLISHED_DEVELOPMENT_SECRETS.has(each.trim())))
      return [`${name} is a published development value; set a secret of your own`];
    return [];
  });
}

/** The embedded identity and results services are development stand-ins: production must say it means it. */
export const ALLOW_EMBEDDED_SERVICES = "ALLOW_EMBEDDED_SERVICES_IN_PRODUCTION";

export function embeddedServiceProblems(environment: DeploymentEnvironment, env: Readonly<Record<string, string | undefined>>): string[] {
  if (environment !== "production" || env[ALLOW_EMBEDDED_SERVICES] === "true") return [];
  return [
    `the embedded services are development stand-ins and do not start in production; point IDP_ISSUER and RESULTS_API_URL at real services, or set ${ALLOW_EMBEDDED_SERVICES}=true`,
  ];
}
