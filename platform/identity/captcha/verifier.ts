/** Anything that can hand out a challenge and check a solved one (embedded proof of work, or a hosted service). */
export interface CaptchaVerifier {
  createChallenge(): Promise<unknown>;
  /** True once per valid, unexpired solution; a replayed token is refused. */
  verify(token: string): Promise<boolean>;
}
