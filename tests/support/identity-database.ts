import path from "node:path";
import { type Database, migrate, openDatabase } from "../../lib/postgres/index.ts";
import { createAccountStore } from "../../platform/identity/store/accounts.ts";
import { IDENTITY_SERVICE, identityMigrations } from "../../platform/identity/store/migrations.ts";
import { freshDatabaseUrl } from "./database";

export type EmailPerson = { userId: string; email: string; locale: "en" | "es" };

/**
 * The identity provider's database with `people` as accounts (an e-mail and a language, no phone),
 * as two instances see it: `second` has a connection of its own on a PostgreSQL server, and is the
 * same connection on the embedded database (which has one).
 */
export async function identityDatabaseWith(
  label: string,
  people: readonly EmailPerson[],
  workDir: string,
): Promise<{ first: Database; second: Database; close: () => Promise<void> }> {
  const url = await freshDatabaseUrl(label);
  const first = await openDatabase({ url, dataDir: path.join(workDir, label) });
  await migrate(first, IDENTITY_SERVICE, identityMigrations);
  const accounts = createAccountStore(first);
  for (const person of people)
    await accounts.insertIfMissing({
      id: person.userId,
      email: person.email,
      emailVerified: true,
      passwordHash: "unused",
      phone: null,
      phoneMethods: [],
      firstName: "Test",
      middleName: null,
      lastName: person.userId,
      locale: person.locale,
    } as Parameters<typeof accounts.insertIfMissing>[0]);
  const second = url ? await openDatabase({ url, dataDir: path.join(workDir, `${label}-2`) }) : first;
  return { first, second, close: async () => void (await Promise.all([first.close(), second === first ? null : second.close()])) };
}
