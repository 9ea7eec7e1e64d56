// A tiny command service for manifest tests: `node tinyService.mjs PORT [ok|unhealthy|crash]`.
// GET /health answers 200 (503 when unhealthy); GET /env says which variables it sees (yes/no,
// never a value); every request is appended to requests.log in its working folder.
import { appendFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [port, mode = 'ok'] = process.argv.slice(2);
if (mode === 'crash') {
  console.error('tinyService: cannot open its database (a crash on purpose)');
  process.exit(3);
}
const server = createServer((req, res) => {
  appendFileSync('requests.log', `${req.method} ${req.url}\n`);
  if (req.url === '/health') {
    res.writeHead(mode === 'unhealthy' ? 503 : 200).end();
  } else if (req.url === '/env') {
    const seen = Object.fromEntries(['NOTES_TOKEN', 'NOT_FORWARDED', 'PATH'].map((n) => [n, process.env[n] !== undefined]));
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(seen));
  } else res.writeHead(404).end();
});
server.listen(Number(port), '127.0.0.1', () => console.log(`tinyService: listening on ${port}`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
