import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import * as z from "zod";
import type { Queryable } from "../../../lib/postgres/index.ts";
import type { IdentityConfig } from "../config.ts";
import { hashPassword } from "../domain/password-hash.ts";
import { readJson, sendJson } from "../http/io.ts";
import type { InteractionDeps } from "../interactions/deps.ts";
import { type Account, normalizeEmail } from "../store/accounts.ts";
import { totpSecretSchema } from "../store/seed-demo.ts";
import { numberKey } from "../store/sending-budget.ts";

/** What a test asks for: e-mail, phone and id are always new (a test owns what it creates); `label` only makes the e-mail readable. */
const ParticipantRequestSchema = z.strictObject({
  label: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{0,39}$/)
    .default("participant"),
  password: z.string().min(8).max(200).optional(),
  /** false: no phone yet, so sign-in asks to enrol one. */
  phone: z.boolean().default(true),
  phoneMethods: z
    .array(z.enum(["sms", "voice"]))
    .min(1)
    .default(["sms", "voice"]),
  firstName: z.string().min(1).max(100),
  middleName: z.string().min(1).max(100).nullable().default(null),
  lastName: z.string().min(1).max(100),
  locale: z.enum(["en", "es"]).default("en"),
  /** An authenticator app already set up with this key (base32). */
  totpSecret: totpSecretSchema.optional(),
  recoveryCodes: z.array(z.string().min(1)).max(20).optional(),
  /** Texts and calls to the new phone number already used up its per-number budget (as if sent in the last minute). */
  phoneBudgetSpent: z.boolean().default(false),
  /** The password already failed as many times in a row as the cap allows: even the right one is refused. */
  atPasswordFailureCap: z.boolean().default(false),
});

/** The account as created, with the password in clear (a test signs in with it). */
export type CreatedParticipant = Omit<Account, "id" | "emailVerified" | "passwordHash" | "locale"> & {
  userId: string;
  password: string;
  locale: "en" | "es";
};

const MAX_PHONE_TRIES = 20;

/** A 555 number (never a real subscriber) that no account has and no message was sent to: the first free of a few drawn at random. */
async function unusedPhone(db: Queryable): Promise<string> {
  const [free] = await db.query<{ phone: string }>(
    `SELECT phone FROM (SELECT '+15556' || lpad(floor(random() * 1000000)::text, 6, '0') AS phone FROM generate_series(1, ${MAX_PHONE_TRIES})) drawn
     WHERE NOT EXISTS (SELECT 1 FROM idp_accounts WHERE phone = drawn.phone) AND NOT EXISTS (SELECT 1 FROM idp_outbox WHERE destination = drawn.phone)
     LIMIT 1`,
  );
  if (!free) throw new Error("no unused test phone number found");
  return free.phone;
}

/** POST /dev/participants: a new participant's account, phone and sign-in factors, as a test describes them. Development only. */
export function createParticipantsRoute(
  deps: Pick<InteractionDeps, "accounts" | "factors" | "now"> &
    Pick<IdentityConfig, "sendingBudgets"> & { db: Queryable; passwordFailureCap: number },
) {
  return async function handle(req: IncomingMessage, res: ServerResponse) {
    if (req.method !== "POST") return sendJson(res, 405, { error: "method not allowed" });
    const parsed = ParticipantRequestSchema.safeParse(await readJson(req));
    if (!parsed.success) {
      const problems = parsed.error.issues.map((issue) => `${issue.path.join(".") || "body"}: ${issue.message}`).join("; ");
      return sendJson(res, 400, { error: "invalid_request", error_description: problems });
    }
    const wanted = parsed.data;
    const unique = randomBytes(6).toString("hex");
    const created: CreatedParticipant = {
      userId: `T-${unique}`,
      email: `${wanted.label}.${unique}@example.test`,
      // A letter, a digit and a special character always, so a test's password has the same strength every run.
      password: wanted.password ?? `Test-${randomBytes(9).toString("base64url")}-1`,
      phone: wanted.phone ? await unusedPhone(deps.db) : null,
      phoneMethods: wanted.phone ? wanted.phoneMethods : [],
      firstName: wanted.firstName,
      middleName: wanted.middleName,
      lastName: wanted.lastName,
      locale: wanted.locale,
    };
    const { userId, password, ...profile } = created;
    await deps.accounts.insertIfMissing({ ...profile, id: userId, emailVerified: true, passwordHash: await hashPassword(password) });
    if (wanted.totpSecret) await deps.factors.setConfirmedTotp(created.userId, wanted.totpSecret);
    if (wanted.recoveryCodes?.length) await deps.factors.replaceRecoveryCodes(created.userId, wanted.recoveryCodes);
    // The number's budget spent: as many sends a minute ago as its largest per-number limit allows, in the bucket the budget counts.
    if (wanted.phoneBudgetSpent && created.phone)
      await deps.db.query("INSERT INTO idp_throttle_events (bucket, occurred_at) SELECT $1, $2 FROM generate_series(1, $3::int)", [
        `send:number:${numberKey(created.phone)}`,
        new Date(deps.now().getTime() - 60_000),
        Math.max(...deps.sendingBudgets.perNumber.map((limit) => limit.max)),
      ]);
    if (wanted.atPasswordFailureCap)
      await deps.db.query("INSERT INTO idp_password_failures (email, failures, last_failed_at) VALUES ($1, $2, $3)", [
        normalizeEmail(created.email),
        deps.passwordFailureCap,
        deps.now(),
      ]);
    sendJson(res, 201, created);
  };
}
