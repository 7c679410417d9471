import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { repeatEvery } from "../../../lib/scheduling/repeat-every.ts";

/** The one periodic runner of the services' background work (e-mail delivery, kit steps, sweeps). */
describe("repeatEvery", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("runs one round at a time: a tick during a round starts nothing", async () => {
    let started = 0;
    let finish: () => void = () => {};
    const stop = repeatEvery(
      1000,
      () => {
        started++;
        return new Promise<void>((resolve) => (finish = resolve));
      },
      () => {},
    );
    await vi.advanceTimersByTimeAsync(3500);
    expect(started).toBe(1);
    finish();
    await vi.advanceTimersByTimeAsync(1000);
    expect(started).toBe(2);
    finish();
    await stop();
  });

  it("hands a failed round to onError and tries again at the next tick", async () => {
    const errors: string[] = [];
    let rounds = 0;
    const stop = repeatEvery(
      1000,
      async () => {
        rounds++;
        if (rounds === 1) throw new Error("down");
      },
      (error) => errors.push(error.message),
    );
    await vi.advanceTimersByTimeAsync(2000);
    expect(errors).toEqual(["down"]);
    expect(rounds).toBe(2);
    await stop();
  });

  it("stops ticking and waits for the round under way", async () => {
    let finished = false;
    const stop = repeatEvery(
      1000,
      async () => {
        await new Promise((resolve) => setTimeout(resolve, 500));
        finished = true;
      },
      () => {},
    );
    await vi.advanceTimersByTimeAsync(1000);
    const stopped = stop();
    await vi.advanceTimersByTimeAsync(500);
    await stopped;
    expect(finished).toBe(true);
    finished = false;
    await vi.advanceTimersByTimeAsync(5000);
    expect(finished).toBe(false);
  });
});
