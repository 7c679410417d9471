/**
 * A deployment of two identity service instances: one PostgreSQL server (started here) holding the
 * identity service's tables, two identity processes on their own ports behind one public origin (the
 * load balancer, which is the issuer both are configured with), the portal and the results service
 * once. Texts and calls leave through Twilio's SDK to the provider's API answered on this machine,
 * e-mails through SMTP to a sink; both instances run the delivery worker.
 *
 * Identity A is the identity service of `startStack` (told to listen on its own port while its
 * issuer is the balancer's); identity B is a second process with exactly the same settings.
 */
import path from "node:path";
import pg from "pg";
import { builtIfPresent, processArgs } from "../../../../lib/launcher/process-command.ts";
import { startSmtpSink, type SmtpSink } from "../../../support/smtp-sink.ts";
import { freePort, projectRoot, startStack, type Stack } from "../../../support/stack.ts";
import { startTwilioApi, type TwilioApi } from "../../../support/twilio-api.ts";
import { startServiceProcess, type ServiceProcess } from "../../ops/support/sigterm-under-load.ts";
import { startLoadBalancer, type LoadBalancer } from "./load-balancer.ts";
import { startPostgresServer } from "./postgres-server.ts";

export interface TwoIdentities {
  /** The issuer participants and the portal know: the balancer in front of A and B. */
  identityUrl: string;
  portalUrl: string;
  balancer: LoadBalancer;
  stack: Stack;
  /** Each instance's own address, around the balancer. */
  instanceUrls: { a: string; b: string };
  /** Connections of the test's own to the portal's and the identity service's databases. */
  portalDatabase: pg.Pool;
  identityDatabase: pg.Pool;
  twilio: TwilioApi;
  smtp: SmtpSink;
  identityB(): ServiceProcess;
  /** Stops instance B (SIGTERM, waited for) and starts it again, as a rolling restart does. */
  restartB(): Promise<void>;
  stop(): Promise<void>;
}

export async function startTwoIdentities(identitySettings: Record<string, string> = {}): Promise<TwoIdentities> {
  const cleanups: Array<() => Promise<unknown>> = [];
  const stop = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  };
  try {
    const postgres = await startPostgresServer(await freePort());
    cleanups.push(() => postgres.stop());
    const identityDatabaseUrl = await postgres.createDatabase("identity");
    const portalDatabaseUrl = await postgres.createDatabase("portal");
    const resultsDatabaseUrl = await postgres.createDatabase("results");
    const portalDatabase = new pg.Pool({ connectionString: portalDatabaseUrl, max: 2 });
    cleanups.push(() => portalDatabase.end());
    const identityDatabase = new pg.Pool({ connectionString: identityDatabaseUrl, max: 2 });
    cleanups.push(() => identityDatabase.end());

    const twilio = await startTwilioApi();
    cleanups.push(() => twilio.close());
    const smtp = await startSmtpSink({ user: "identity", pass: "smtp-test-password" });
    cleanups.push(() => smtp.close());

    const ports = { a: await freePort(), b: await freePort(), portal: await freePort(), results: await freePort() };
    const balancer = await startLoadBalancer({ a: ports.a, b: ports.b });
    cleanups.push(() => balancer.close());

    // Exactly what every identity instance is given; a deployment sets the same on each.
    const instanceSettings: Record<string, string> = {
      DATABASE_URL: identityDatabaseUrl,
      SMS_TRANSPORT: "twilio",
      TWILIO_ACCOUNT_SID: twilio.accountSid,
      TWILIO_AUTH_TOKEN: twilio.authToken,
      TWILIO_FROM_NUMBER: "+15005550006",
      TWILIO_VOICE_FROM_NUMBER: "+15005550006",
      TWILIO_API_URL: twilio.url,
      MAIL_TRANSPORT: "smtp",
      SMTP_URL: smtp.url,
      MAIL_FROM: "DNA Discovery Program <no-reply@example.test>",
      LOG_LEVEL: "warn",
      ...identitySettings,
    };

    // The balancer is pinned to A while the stack waits for the identity service's /healthz through it.
    const stack = await startStack({
      ports: { portal: ports.portal, identity: balancer.port, results: ports.results },
      identityEnv: { ...instanceSettings, IDENTITY_PORT: String(ports.a) },
      databaseUrls: { portal: portalDatabaseUrl, results: resultsDatabaseUrl },
      participantsFile: "",
      logLevel: "warn",
    });
    cleanups.push(() => stack.stop());

    const identityUrl = stack.identityUrl;
    const environmentOfB: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: "development",
      PORTAL_URL: stack.portalUrl,
      IDENTITY_ISSUER: identityUrl,
      RESULTS_API_URL: stack.resultsUrl,
      RESULTS_API_AUDIENCE: stack.resultsUrl,
      DEMO_PARTICIPANTS_FILE: "",
      IDENTITY_HOST: "127.0.0.1",
      IDENTITY_DATA_DIR: path.join(stack.dataDir, "identity-b"),
      ...instanceSettings,
      IDENTITY_PORT: String(ports.b),
    };
    const instanceUrls = { a: `http://127.0.0.1:${ports.a}`, b: `http://127.0.0.1:${ports.b}` };
    // As the stack starts instance A (tests/support/stack.ts).
    const identityArgs = processArgs("identity", projectRoot, { from: builtIfPresent("identity", projectRoot) });
    const startB = () => startServiceProcess(identityArgs, environmentOfB, instanceUrls.b);
    let identityB = await startB();
    const stopB = async () => {
      if (identityB.child.exitCode === null && identityB.child.signalCode === null) {
        identityB.child.kill("SIGTERM");
        await identityB.exited;
      }
    };
    cleanups.push(stopB);

    return {
      identityUrl,
      portalUrl: stack.portalUrl,
      balancer,
      stack,
      instanceUrls,
      portalDatabase,
      identityDatabase,
      twilio,
      smtp,
      identityB: () => identityB,
      async restartB() {
        await stopB();
        identityB = await startB();
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
