/**
 * How the identity provider's process is started (the launcher, the bench's stacks and the suites
 * use these): tsx as a loader in the process itself, since its hosted pages are JSX, which Node's own
 * type stripping does not run; not tsx's CLI, which runs the service as a grandchild that a signal
 * or a hard stop would not reach.
 */
export const IDENTITY_NODE_ARGS = ["--import", "tsx", "platform/identity/main.ts"];
