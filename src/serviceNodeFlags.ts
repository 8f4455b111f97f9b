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
 * - `--heap-growing-percent=25`: after each full collection V8 lets the old generation grow to a
 *   multiple of what survived, up to four times it when requests allocate fast, before it collects
 *   again. What survives includes the answer cache, so that multiple was paid on the cache, and
 *   answers that outlived a few young collections (under load, those of requests in flight) are
 *   freed, their bytes with them, only by the next full collection: the process grew by several
 *   times the cache's budget. A quarter more than what survived keeps RSS near what the process
 *   holds, also under MCP calls (the SDK's objects for each call are many, and those of the calls in
 *   flight at each young collection are promoted), for the price of more frequent full collections
 *   (docs/performance.md, "Issue 45's memory against f05c3b6").
 */
export const SERVICE_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=16', '--no-allocation-site-pretenuring', '--heap-growing-percent=25'];
