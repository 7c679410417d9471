/**
 * The identity service's operator commands (USAGE below), run with the service's own environment.
 * On a PostgreSQL server (DATABASE_URL) they run beside the running instances, which pick the
 * change up at their next reading of the key set (within a minute). The embedded database opens in
 * one process at a time: stop the service first.
 */
import { pino } from "pino";
import { serviceFetch } from "../../lib/http/service-fetch.ts";
import { migrate, openDatabase } from "../../lib/postgres/index.ts";
import { loadConfigFromEnv } from "./config.ts";
import { signCounsellingTeamToken } from "./oidc/access-tokens.ts";
import {
  listSigningKeys,
  openSigningKeyRing,
  resealSecrets,
  retireSigningKeysNow,
  rotateSigningKey,
  signingKeySchedule,
} from "./oidc/signing-keys.ts";
import { IDENTITY_SERVICE, identityMigrations } from "./store/migrations.ts";

const USAGE = `Usage: npm run identity -- <command>

  rotate-signing-key   publish a next token signing key now; it signs once the publish-ahead
                       period has passed (IDENTITY_SIGNING_KEY_PUBLISH_AHEAD_HOURS)
  rotate-signing-key --retire-now
                       for a key believed leaked: a new key signs at once and every other key
                       leaves the key set now; the tokens they signed stop being accepted
  signing-keys         list the token signing keys: which signs, which waits, until when the
                       retired ones stay published
  reseal-secrets       after IDENTITY_FACTOR_KEY changed: seal the authenticator secrets and the
                       signing keys again under it, opening them with IDENTITY_FACTOR_KEY_PREVIOUS
  counselling-team-token <member>
                       print a token with which the program's counselling team reads and moves
                       the results service's queue of counselling requests for 12 hours; <member>
                       names who holds it (the token's subject)`;

const COMMANDS = ["rotate-signing-key", "rotate-signing-key --retire-now", "signing-keys", "reseal-secrets"];

async function embeddedDatabaseInUse(host: string, port: number): Promise<boolean> {
  const hostname = host.includes(":") ? `[${host}]` : host;
  return serviceFetch(`http://${hostname}:${port}/healthz`, { signal: AbortSignal.timeout(1000) }).then(
    (response) => response.ok,
    () => false,
  );
}

async function main(args: string[]): Promise<number> {
  const [command] = args;
  const member = command === "counselling-team-token" && args.length === 2 && /^[\w.@+-]{1,100}$/.test(args[1] ?? "") ? args[1] : undefined;
  if (!command || !(COMMANDS.includes(args.join(" ")) || member)) {
    console.error(USAGE);
    return command === undefined || command === "help" || command === "--help" ? 0 : 2;
  }
  const config = loadConfigFromEnv();
  const previousFactorKey = process.env.IDENTITY_FACTOR_KEY_PREVIOUS;
  if (command === "reseal-secrets" && !previousFactorKey) {
    console.error("reseal-secrets opens the sealed values with the key they were sealed with: give it as IDENTITY_FACTOR_KEY_PREVIOUS.");
    return 2;
  }
  if (!config.databaseUrl && (await embeddedDatabaseInUse(config.host, config.port))) {
    console.error(
      `The identity service is running on its embedded database (${config.dataDir}), which one process opens at a time: stop it first, or give both DATABASE_URL.`,
    );
    return 1;
  }
  const db = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    // The service's own schema first, as at its start (a first command may come before a first start).
    await migrate(db, IDENTITY_SERVICE, identityMigrations);
    const options = {
      factorKey: config.factorKey,
      schedule: signingKeySchedule(config),
      now: () => new Date(),
      logger: pino({ level: "warn" }),
    };
    if (member) {
      const token = await signCounsellingTeamToken(await openSigningKeyRing(db, options), {
        issuer: config.issuer,
        resultsAudience: config.resultsApiAudience,
        member,
      });
      console.log(token);
    } else if (command === "reseal-secrets") {
      const counts = await resealSecrets(db, { factorKey: config.factorKey, previousFactorKey: previousFactorKey! }, options.logger);
      console.log(
        `Sealed again under IDENTITY_FACTOR_KEY: ${counts.authenticatorSecrets} authenticator secrets, ${counts.signingKeys} signing keys.`,
      );
      console.log("Start every instance with the new IDENTITY_FACTOR_KEY, then drop IDENTITY_FACTOR_KEY_PREVIOUS.");
    } else if (args[1] === "--retire-now") {
      const answer = await retireSigningKeysNow(db, options);
      console.log(`Signing key ${answer.kid} signs from now on.`);
      console.log(`Removed from the key set at once: ${answer.retired.join(", ") || "none"}.`);
      console.log("Every instance takes the change within a minute; tokens those keys signed are refused from then on.");
    } else if (command === "rotate-signing-key") {
      const answer = await rotateSigningKey(db, options);
      if (!answer.rotated)
        console.log(
          `A next signing key is already published: ${answer.waiting.kid} signs from ${answer.waiting.signsFrom.toISOString()}. Nothing was added.`,
        );
      else {
        console.log(`Published signing key ${answer.kid}; it signs from ${answer.signsFrom.toISOString()}.`);
        console.log(`The key it replaces, ${answer.replaces}, stays published until ${answer.replacedUntil.toISOString()}.`);
      }
    } else {
      for (const key of await listSigningKeys(db, options)) {
        const until = key.publishedUntil ? `, published until ${key.publishedUntil.toISOString()}` : "";
        console.log(
          `${key.kid}  ${key.state.padEnd(8)} published ${key.publishedAt.toISOString()}, signs from ${key.signsFrom.toISOString()}${until}`,
        );
      }
    }
    return 0;
  } finally {
    await db.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
