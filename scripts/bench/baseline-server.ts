import http from 'node:http';

/**
 * Bench child: the floor to compare the app against. A bare node:http server answering every GET
 * with a small JSON body (same kind of work as /api/health minus the framework, logging and
 * database). Reports `{ type: 'ready', port }` over IPC; stops on SIGTERM/SIGINT or parent exit.
 */

if (!process.send) {
  process.stderr.write('baseline-server.ts is started by scripts/bench/run.ts (it needs an IPC channel).\n');
  process.exit(2);
}

const body = JSON.stringify({ status: 'ok' });
const headers = {
  'content-type': 'application/json; charset=utf-8',
  'content-length': Buffer.byteLength(body),
};

const server = http.createServer((request, response) => {
  if (request.method === 'GET' || request.method === 'HEAD') {
    response.writeHead(200, headers);
    response.end(request.method === 'GET' ? body : undefined);
  } else {
    response.writeHead(405, { allow: 'GET, HEAD' });
    response.end();
  }
});

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('not listening on a TCP port');
  process.send?.({ type: 'ready', port: address.port });
});

const stop = () => {
  server.closeAllConnections(); // keep-alive sockets would otherwise hold close() open
  server.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 2_000).unref();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
process.on('disconnect', stop);
