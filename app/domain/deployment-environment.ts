export type DeploymentEnvironment = "development" | "staging" | "regulated-test" | "production";

export const deploymentEnvironments: readonly DeploymentEnvironment[] = ["development", "staging", "regulated-test", "production"];

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

function isLocalHost(host: string): boolean {
  return host === "localhost" || host.endsWith(".localhost") || host === "::1" || /^127\.\d+\.\d+\.\d+$/.test(host);
}

export interface EnvironmentSettings {
  environment: DeploymentEnvironment;
  /** The portal's public host name (from PORTAL_URL). */
  portalHost: string;
  /** COOKIE_DOMAIN, when the operator set one. */
  cookieDomain?: string;
  /** USE_HEAP_IDENTIFY, when the operator set it. */
  useHeapIdentify?: boolean;
  /** ERROR_REPORTING_ENABLED, when the operator set it. */
  errorReportingEnabled?: boolean;
}

export interface EnvironmentPolicy {
  environment: DeploymentEnvironment;
  cookie: { secure: boolean; domain?: string };
  useHeapIdentify: boolean;
  errorReportingEnabled: boolean;
}

/** What follows from the environment (SPEC.md §9), with the operator's explicit settings winning where allowed. */
export function environmentPolicy(settings: EnvironmentSettings): EnvironmentPolicy {
  const { environment } = settings;
  const cookieDomainApplies = environment === "staging" || environment === "production";
  const domain = cookieDomainApplies ? settings.cookieDomain || cookieDomainForHost(settings.portalHost) : undefined;
  return {
    environment,
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
