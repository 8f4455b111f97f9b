/**
 * The V8 flags the service runs with wherever it is started: package.json's `serve`, the image's
 * CMD, the bench's and the tests' instances (test/serviceNodeFlags.test.ts checks that the first
 * two say these). V8 lets each thread's young generation grow with the allocation rate it sees, and
 * under cold traffic that growth, in the main thread and in each SQLite read worker, is most of what
 * the process grows by; a smaller young generation costs more frequent, shorter scavenges.
 * docs/deploy.md ("Sizing a container") has what it saves.
 */
export const SERVICE_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=16'];
