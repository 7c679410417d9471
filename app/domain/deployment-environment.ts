export { deploymentEnvironments, environmentForHost, type DeploymentEnvironment } from "../../lib/deployment/environment.ts";
import type { DeploymentEnvironment } from "../../lib/deployment/environment.ts";

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
