import { environmentForHost, environmentPolicy, type DeploymentEnvironment, type EnvironmentPolicy } from "~/domain/deployment-environment";
import { env } from "./env.server";

const portalHost = new URL(env.PORTAL_URL).hostname;

/** PORTAL_ENVIRONMENT when set, else derived from the host name of PORTAL_URL (SPEC.md §9). */
export function deploymentEnvironment(): DeploymentEnvironment {
  return env.PORTAL_ENVIRONMENT ?? environmentForHost(portalHost);
}

const policy: EnvironmentPolicy = environmentPolicy({
  environment: deploymentEnvironment(),
  portalHost,
  cookieDomain: env.COOKIE_DOMAIN,
  useHeapIdentify: env.USE_HEAP_IDENTIFY,
  errorReportingEnabled: env.ERROR_REPORTING_ENABLED,
});

export function environmentPolicyForPortal(): EnvironmentPolicy {
  return policy;
}
