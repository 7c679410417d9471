import { secretWeakness, secretWeaknessMessage } from "./secret-strength.ts";

/**
 * One environment rule for every process (portal, launcher, identity provider, results service):
 * PORTAL_ENVIRONMENT when set, otherwise the portal's host name decides (SPEC.md §9). Outside
 * development every development door is closed and no published development secret is accepted.
 */
const deploymentEnvironments = ["development", "staging", "regulated-test", "production"] as const;

export type DeploymentEnvironment = (typeof deploymentEnvironments)[number];

/** SPEC.md §9: development (localhost, dev hosts, 192.168.*), staging, regulated-test, otherwise production. */
export function environmentForHost(hostname: string): DeploymentEnvironment {
  const host = hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, "")
    .replace(/\.$/, "");
  const localHost = host === "localhost" || host.endsWith(".localhost") || host === "::1" || /^127\.\d+\.\d+\.\d+$/.test(host);
  if (localHost || host.startsWith("192.168.") || /(^|[.-])dev([.-]|$)/.test(host)) return "development";
  if (/(^|[.-])(staging|stage|stg)([.-]|$)/.test(host)) return "staging";
  if (/(^|[.-])(regulated-test|regtest)([.-]|$)/.test(host)) return "regulated-test";
  return "production";
}

/** The environment every process agrees on, from the same two variables. */
export function deploymentEnvironmentOf(env: Readonly<Record<string, string | undefined>>): DeploymentEnvironment {
  const named = env.PORTAL_ENVIRONMENT;
  if (named && (deploymentEnvironments as readonly string[]).includes(named)) return named as DeploymentEnvironment;
  if (named) throw new Error(`PORTAL_ENVIRONMENT must be one of ${deploymentEnvironments.join(", ")}`);
  const url = URL.parse(env.PORTAL_URL ?? "http://localhost:3000");
  if (!url) throw new Error("PORTAL_URL is not a URL");
  return environmentForHost(url.hostname);
}

export type EnvironmentPolicy = ReturnType<typeof environmentPolicy>;

/**
 * What follows from the environment (SPEC.md §9) and the portal's public host name (from PORTAL_URL),
 * with the operator's COOKIE_DOMAIN, USE_HEAP_IDENTIFY and ERROR_REPORTING_ENABLED winning where set and allowed.
 */
export function environmentPolicy(settings: {
  environment: DeploymentEnvironment;
  portalHost: string;
  cookieDomain?: string;
  useHeapIdentify?: boolean;
  errorReportingEnabled?: boolean;
}) {
  const { environment } = settings;
  const cookieDomainApplies = environment === "staging" || environment === "production";
  const domain = cookieDomainApplies ? settings.cookieDomain || cookieDomainForHost(settings.portalHost) : undefined;
  return {
    cookie: domain ? { secure: environment !== "development", domain } : { secure: environment !== "development" },
    useHeapIdentify: settings.useHeapIdentify ?? environment !== "production",
    errorReportingEnabled: settings.errorReportingEnabled ?? (environment === "production" || environment === "staging"),
  };
}

/**
 * A cookie domain only makes sense for a registrable name: an IP address or a single-label host
 * would make browsers drop the cookie, so those get a host-only cookie instead.
 */
export function cookieDomainForHost(hostname: string): string | undefined {
  const host = hostname.toLowerCase().replace(/\.$/, "");
  if (!host.includes(".") || /^[\d.]+$/.test(host) || host.includes(":") || host.startsWith("[")) return undefined;
  return host;
}

/**
 * Problems with secrets outside development: each required one must be set, and every one that is
 * set must pass the one secret rule (lib/deployment/secret-strength.ts: 32+ random-looking
 * characters, no published development value). A list (cookie keys) is checked key by key. The
 * messages name the variable, never its value.
 */
export function secretProblems(
  environment: DeploymentEnvironment,
  secrets: Readonly<Record<string, string | readonly string[] | undefined>>,
  optional: Readonly<Record<string, string | readonly string[] | undefined>> = {},
): string[] {
  if (environment === "development") return [];
  const problemsOf = (name: string, value: string | readonly string[] | undefined, required: boolean): string[] => {
    const values = (value === undefined ? [] : typeof value === "string" ? [value] : value).filter((each) => each.trim() !== "");
    if (values.length === 0) return required ? [`${name} is required outside development`] : [];
    return values.flatMap((each, index) => {
      const weakness = secretWeakness(each);
      if (!weakness) return [];
      return [secretWeaknessMessage(values.length > 1 ? `${name} (key ${index + 1} of ${values.length})` : name, weakness)];
    });
  };
  return [
    ...Object.entries(secrets).flatMap(([name, value]) => problemsOf(name, value, true)),
    ...Object.entries(optional).flatMap(([name, value]) => problemsOf(name, value, false)),
  ];
}

/**
 * The results service in platform/results is a reference implementation of the results API a
 * program's lab system answers: in production it starts only when the operator says it means to
 * run it. (The identity service is the portal's own and needs no such word.)
 */
const ALLOW_REFERENCE_RESULTS = "ALLOW_REFERENCE_RESULTS_IN_PRODUCTION";

export function referenceResultsProblems(environment: DeploymentEnvironment, env: Readonly<Record<string, string | undefined>>): string[] {
  if (environment !== "production" || env[ALLOW_REFERENCE_RESULTS] === "true") return [];
  return [
    `the results service here is a reference implementation of the results API and does not start in production; point RESULTS_API_URL at the program's own implementation, or set ${ALLOW_REFERENCE_RESULTS}=true to run this one`,
  ];
}

/**
 * The demo file a service seeds, from DEMO_PARTICIPANTS_FILE: by default the demo's (published passwords,
 * authenticator keys and recovery codes) in development and none anywhere else; outside development only
 * a file named explicitly is seeded; set empty (or blank), none anywhere.
 */
export function demoParticipantsFileFor(environment: DeploymentEnvironment, value: string | undefined): string | undefined {
  if (value === undefined) return environment === "development" ? "platform/demo/participants.json" : undefined;
  return value.trim() === "" ? undefined : value.trim();
}
