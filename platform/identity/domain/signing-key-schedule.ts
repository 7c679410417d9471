/**
 * When each token signing key is published, signs, and is removed: a pure reading of the keys' times, so every
 * instance that reads the same rows at the same moment reaches the same answer. A key is published once stored,
 * signs from `signsFrom` until the next key starts, and stays published `retainMs` more.
 */
export interface SigningKeySchedule {
  /** How long a key signs before the next one takes over. */
  rotationMs: number;
  /** How long a new key is published before it signs (at least the relying parties' key-set cache). */
  publishAheadMs: number;
  /** How long a key stays published after it stopped signing (the longest token lifetime and the clock tolerance). */
  retainMs: number;
}

interface SigningKeyTimes {
  kid: string;
  /** 1 for the first key, one more for each next one. */
  generation: number;
  signsFrom: Date;
}

export function planSigningKeys(keys: readonly SigningKeyTimes[], now: Date, schedule: SigningKeySchedule) {
  const ordered = [...keys].sort((a, b) => a.generation - b.generation);
  if (ordered.length === 0) return null;
  const at = now.getTime();
  // The newest key whose time has come; before any has (only when clocks disagree), the oldest.
  const lastDue = ordered.findLastIndex((key) => key.signsFrom.getTime() <= at);
  const signingIndex = Math.max(lastDue, 0);
  const signing = ordered[signingIndex]!;
  const later = ordered.slice(signingIndex + 1);
  const retired = ordered.slice(0, signingIndex);
  // A key retires when the next one starts signing.
  const removable = retired.filter((_key, index) => at >= ordered[index + 1]!.signsFrom.getTime() + schedule.retainMs);
  const kept = retired.filter((key) => !removable.includes(key)).reverse();
  const waiting = later.at(-1) ?? null;
  return {
    signing: signing.kid,
    /** Keys the key set publishes: the signing key first (oidc-provider signs with the first), then the others. */
    published: [signing, ...later, ...kept].map((key) => key.kid),
    /** Keys whose every token has expired: no longer published, and deleted. */
    removable: removable.map((key) => key.kid),
    /** A next key waits to sign (published, not yet signing). */
    waiting,
    /** True when the signing key is due to be replaced and no next key waits: one is to be stored now. */
    nextDue: waiting === null && at >= signing.signsFrom.getTime() + schedule.rotationMs - schedule.publishAheadMs,
  };
}
