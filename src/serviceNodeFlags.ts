/**
 * The V8 flags the service runs with wherever it is started: package.json's `serve`, the image's
 * CMD, the bench's and the tests' instances (test/serviceNodeFlags.test.ts checks that the first
 * two say these).
 * - `--max-semi-space-size=16`: V8 lets each thread's young generation grow with the allocation
 *   rate it sees, and under cold traffic that growth, in the main thread and in each SQLite read
 *   worker, is most of what the process grows by; a smaller young generation costs more frequent,
 *   shorter scavenges. docs/deploy.md ("Sizing a container") has what it saves.
 * - `--no-allocation-site-pretenuring`: while requests wait on one slow read (the name index a
 *   search builds after an import, under load), their objects live long enough for V8 to decide that the
 *   places every request allocates at make long-lived objects; it then allocates them in the old
 *   generation from then on, and every later request pays in full collections
 *   (docs/performance.md, "Latest").
 */
export const SERVICE_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=16', '--no-allocation-site-pretenuring'];
