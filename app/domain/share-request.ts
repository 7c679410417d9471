/**
 * Creating a share is safe to send again: the portal chooses a request key before it asks the results
 * service, and keeps it with what was asked. The same request again (a lost answer, a second click)
 * within the results service's few minutes reuses the key and is answered the same share and code.
 */
export const SHARE_REQUEST_REUSE_MS = 5 * 60_000;

export interface ShareRequestInput {
  appId: string;
  recipient: string;
  days: number;
  language: "en" | "es";
}

export interface PendingShareRequest {
  key: string;
  input: ShareRequestInput;
  /** When the key was chosen (ISO). */
  chosenAt: string;
}

const sameInput = (a: ShareRequestInput, b: ShareRequestInput) =>
  a.appId === b.appId && a.recipient === b.recipient && a.days === b.days && a.language === b.language;

/** The kept key when this is the same request within the few minutes, otherwise null (a new key is chosen). */
export function reusableRequestKey(pending: PendingShareRequest | null, input: ShareRequestInput, now: Date): string | null {
  if (!pending || !sameInput(pending.input, input)) return null;
  const age = now.getTime() - new Date(pending.chosenAt).getTime();
  return age >= 0 && age < SHARE_REQUEST_REUSE_MS ? pending.key : null;
}
