import type { DemoParticipant } from "./demo-participants";
import { templateRecord, type DemoRecord, type TemplateName } from "./participant-templates";

/** Where a stack's development routes are: its identity provider and its results service. */
export type StackServices = { identityUrl: string; resultsUrl: string };

/** A participant a test created: what the sign-in helpers need, and what the results service holds for them. */
export type TestParticipant = DemoParticipant & {
  template: TemplateName;
  heapIdentifier: string;
  totpSecret?: string;
  recoveryCodes?: string[];
};

/** What a test changes about its template. */
export type ParticipantChanges = {
  /** No phone yet: sign-in asks to enrol one. */
  withoutPhone?: boolean;
  phoneMethods?: ("sms" | "voice")[];
  locale?: "en" | "es";
  password?: string;
  totpSecret?: string | null;
  recoveryCodes?: string[] | null;
  /** The phone's per-number sending budget already spent: no code can be sent to it for about an hour. */
  phoneBudgetSpent?: boolean;
  /** As many wrong passwords in a row as the cap allows: even the right password is refused. */
  atPasswordFailureCap?: boolean;
  /** No record at the results service at all (an account just created there): My Results says what comes next. */
  withoutResultsRecord?: boolean;
  /** The results service's side: kit status, apps, history, consents, downloads, date of birth. */
  results?: Partial<
    Pick<
      DemoRecord,
      "kitStatus" | "isHealthOrResearch" | "agreements" | "apps" | "kitHistory" | "consentHistory" | "dataExports" | "dateOfBirth"
    >
  >;
};

async function postJson(url: string, body: unknown): Promise<unknown> {
  const response = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  if (response.status !== 201) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/**
 * Creates a new participant like the template (its account at the identity provider, then its
 * results record), with a new e-mail, phone number and id, through the stack's development routes.
 */
export async function createParticipant(
  { identityUrl, resultsUrl }: StackServices,
  template: TemplateName,
  changes: ParticipantChanges = {},
): Promise<TestParticipant> {
  const like = templateRecord(template);
  const totpSecret = changes.totpSecret === null ? undefined : (changes.totpSecret ?? like.totpSecret);
  const recoveryCodes = changes.recoveryCodes === null ? undefined : (changes.recoveryCodes ?? like.recoveryCodes);
  const account = (await postJson(`${identityUrl}/dev/participants`, {
    label: template,
    password: changes.password,
    phone: !changes.withoutPhone && like.phone !== null,
    phoneMethods: changes.phoneMethods ?? (like.phoneMethods.length ? like.phoneMethods : undefined),
    firstName: like.firstName,
    middleName: like.middleName,
    lastName: like.lastName,
    locale: changes.locale ?? like.locale,
    totpSecret,
    recoveryCodes,
    phoneBudgetSpent: changes.phoneBudgetSpent,
    atPasswordFailureCap: changes.atPasswordFailureCap,
  })) as Pick<DemoParticipant, "userId" | "email" | "password" | "phone" | "phoneMethods" | "locale">;
  const results = {
    userId: account.userId,
    email: account.email,
    firstName: like.firstName,
    middleName: like.middleName,
    lastName: like.lastName,
    kitStatus: like.kitStatus,
    isHealthOrResearch: like.isHealthOrResearch,
    agreements: like.agreements,
    heapIdentifier: `test-heap-${account.userId}`,
    sourceID: like.sourceID,
    apps: like.apps,
    kitHistory: like.kitHistory,
    consentHistory: like.consentHistory,
    dataExports: like.dataExports,
    dateOfBirth: like.dateOfBirth,
    ...changes.results,
  };
  if (!changes.withoutResultsRecord) await postJson(`${resultsUrl}/dev/participants`, results);
  return {
    ...results,
    ...account,
    middleName: like.middleName,
    template,
    totpSecret,
    recoveryCodes,
  };
}
