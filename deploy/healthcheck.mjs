// The image's health check: exits 0 when this container's service answers GET /healthz with 200
// within 4 s, 1 otherwise. Node's own fetch, since a slim image has no curl or wget.
const port = process.env.PORT || '3000';
try {
  const response = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(4000) });
  process.exit(response.status === 200 ? 0 : 1);
} catch {
  process.exit(1);
}
