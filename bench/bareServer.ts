import http from 'node:http';

/**
 * The baseline: a bare node:http server answering `GET /<n>` with a fixed JSON body of n bytes,
 * the least work any server can do for a response of that size.
 */
const bodies = new Map<number, Buffer>();
function bodyOf(size: number): Buffer {
  let body = bodies.get(size);
  if (!body) {
    const filler = 'x'.repeat(Math.max(0, size - 10));
    body = Buffer.from(`{"data":"${filler}"}`.padEnd(size, ' '));
    bodies.set(size, body);
  }
  return body;
}

const server = http.createServer((request, response) => {
  const body = bodyOf(Number((request.url ?? '/0').slice(1)) || 0);
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
  response.end(body);
});
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`listening ${typeof address === 'object' && address ? address.port : ''}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
