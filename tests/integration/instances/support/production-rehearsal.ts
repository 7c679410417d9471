/**
 * Production on this machine, as docs/operations.md describes it: one PostgreSQL server holding the
 * three services' databases, two portal instances and two identity instances in production mode,
 * each pair behind its own public origin (the load balancer), the reference results service, an SMTP
 * server and the text provider's API answered locally. Every instance of a pair has the same settings
 * and secrets; nothing runs in development mode.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { processArgs } from "../../../../lib/launcher/process-command.ts";
import { startSmtpSink, type SmtpSink } from "../../../support/smtp-sink.ts";
import { ensurePortalBuilt, freePort, projectRoot } from "../../../support/stack.ts";
import { startTwilioApi, type TwilioApi } from "../../../support/twilio-api.ts";
import { startServiceProcess, type ServiceProcess } from "../../ops/support/sigterm-under-load.ts";
import { startLoadBalancer, type LoadBalancer } from "./load-balancer.ts";
import { startPostgresServer, type PostgresServer } from "./postgres-server.ts";

export interface Rehearsal {
  portalUrl: string;
  identityUrl: string;
  portals: LoadBalancer;
  identities: LoadBalancer;
  twilio: TwilioApi;
  smtp: SmtpSink;
  processes: Record<"portalA" | "portalB" | "identityA" | "identityB" | "results", ServiceProcess>;
  postgres: PostgresServer;
  databases: Record<"portal" | "identity" | "results", string>;
  /** An identity instance of the same settings on another database (a restored copy, say), on a port of its own. */
  startIdentityOn(databaseUrl: string): Promise<ServiceProcess>;
  stop(): Promise<void>;
}

const secret = () => randomBytes(32).toString("base64url");

/** A production environment: no development default, no NODE_ENV or URL left over from the test's own. */
function productionEnv(settings: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORTAL_ENVIRONMENT: "production",
    LOG_LEVEL: "warn",
    // The results service here is the reference implementation: production runs it only when told to.
    ALLOW_REFERENCE_RESULTS_IN_PRODUCTION: "true",
  };
  for (const name of ["DATABASE_URL", "IDP_ISSUER", "RESULTS_API_URL", "PGLITE_CLUSTER_CACHE", "DEMO_PARTICIPANTS_FILE"]) delete env[name];
  return { ...env, ...settings };
}

export async function startRehearsal(): Promise<Rehearsal> {
  ensurePortalBuilt();
  const cleanups: Array<() => Promise<unknown>> = [];
  const stop = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  };
  const started = (service: ServiceProcess) => {
    cleanups.push(async () => {
      if (service.child.exitCode === null && service.child.signalCode === null) {
        service.child.kill("SIGTERM");
        await service.exited;
      }
    });
    return service;
  };
  try {
    const dataDir = mkdtempSync(path.join(tmpdir(), "rehearsal-"));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const postgres = await startPostgresServer(await freePort());
    cleanups.push(() => postgres.stop());
    const databases = {
      portal: await postgres.createDatabase("portal"),
      identity: await postgres.createDatabase("identity"),
      results: await postgres.createDatabase("results"),
    };
    const twilio = await startTwilioApi();
    cleanups.push(() => twilio.close());
    const smtp = await startSmtpSink({ user: "identity", pass: secret() });
    cleanups.push(() => smtp.close());

    const ports = {
      portalA: await freePort(),
      portalB: await freePort(),
      identityA: await freePort(),
      identityB: await freePort(),
      results: await freePort(),
    };
    const portals = await startLoadBalancer({ a: ports.portalA, b: ports.portalB });
    cleanups.push(() => portals.close());
    const identities = await startLoadBalancer({ a: ports.identityA, b: ports.identityB });
    cleanups.push(() => identities.close());
    const resultsUrl = `http://127.0.0.1:${ports.results}`;
    const clientSecret = secret();

    const results = started(
      await startServiceProcess(
        processArgs("results", projectRoot, { from: "built" }),
        productionEnv({
          ALLOW_REFERENCE_RESULTS_IN_PRODUCTION: "true",
          RESULTS_PORT: String(ports.results),
          RESULTS_HOST: "127.0.0.1",
          RESULTS_DATA_DIR: path.join(dataDir, "results"),
          DATABASE_URL: databases.results,
          IDP_ISSUER: identities.url,
          RESULTS_API_AUDIENCE: resultsUrl,
          RESULTS_PUBLIC_URL: resultsUrl,
          RESULTS_DOCUMENT_SECRET: secret(),
          PORTAL_URL: portals.url,
        }),
        resultsUrl,
      ),
    );

    const identitySettings = productionEnv({
      IDENTITY_HOST: "127.0.0.1",
      IDENTITY_ISSUER: identities.url,
      PORTAL_URL: portals.url,
      PORTAL_CLIENT_SECRET: clientSecret,
      IDENTITY_COOKIE_KEYS: secret(),
      IDENTITY_FACTOR_KEY: secret(),
      RESULTS_API_URL: resultsUrl,
      RESULTS_API_AUDIENCE: resultsUrl,
      DATABASE_URL: databases.identity,
      MAIL_TRANSPORT: "smtp",
      SMTP_URL: smtp.url,
      MAIL_FROM: "DNA Discovery Program <no-reply@example.test>",
      SMS_TRANSPORT: "twilio",
      TWILIO_ACCOUNT_SID: twilio.accountSid,
      TWILIO_AUTH_TOKEN: twilio.authToken,
      TWILIO_FROM_NUMBER: "+15005550006",
      TWILIO_VOICE_FROM_NUMBER: "+15005550006",
      TWILIO_API_URL: twilio.url,
    });
    // Identity A first: it creates the schema and the signing keys the second finds.
    const identityA = started(
      await startServiceProcess(
        processArgs("identity", projectRoot, { from: "built" }),
        { ...identitySettings, IDENTITY_PORT: String(ports.identityA), IDENTITY_DATA_DIR: path.join(dataDir, "identity-a") },
        `http://127.0.0.1:${ports.identityA}`,
      ),
    );
    const identityB = started(
      await startServiceProcess(
        processArgs("identity", projectRoot, { from: "built" }),
        { ...identitySettings, IDENTITY_PORT: String(ports.identityB), IDENTITY_DATA_DIR: path.join(dataDir, "identity-b") },
        `http://127.0.0.1:${ports.identityB}`,
      ),
    );

    const portalSettings = productionEnv({
      HOST: "127.0.0.1",
      PORTAL_URL: portals.url,
      IDP_ISSUER: identities.url,
      IDP_CLIENT_SECRET: clientSecret,
      RESULTS_API_URL: resultsUrl,
      RESULTS_API_AUDIENCE: resultsUrl,
      DATABASE_URL: databases.portal,
      SESSION_SECRET: secret(),
    });
    const startPortal = (port: number, name: string) =>
      startServiceProcess(
        processArgs("portal", projectRoot, { from: "built" }),
        { ...portalSettings, PORT: String(port), PORTAL_DATA_DIR: path.join(dataDir, name) },
        `http://127.0.0.1:${port}`,
      );
    const portalA = started(await startPortal(ports.portalA, "portal-a"));
    const portalB = started(await startPortal(ports.portalB, "portal-b"));

    return {
      portalUrl: portals.url,
      identityUrl: identities.url,
      portals,
      identities,
      twilio,
      smtp,
      processes: { portalA, portalB, identityA, identityB, results },
      postgres,
      databases,
      async startIdentityOn(databaseUrl) {
        const port = await freePort();
        return started(
          await startServiceProcess(
            processArgs("identity", projectRoot, { from: "built" }),
            {
              ...identitySettings,
              DATABASE_URL: databaseUrl,
              IDENTITY_PORT: String(port),
              IDENTITY_DATA_DIR: path.join(dataDir, `identity-${port}`),
            },
            `http://127.0.0.1:${port}`,
          ),
        );
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
