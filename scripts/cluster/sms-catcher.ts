// A local SMS gateway for the cluster, as the mail catcher is its SMTP server: accepts every
// message the bank's SMS outbox POSTs (JSON { id, to, text }, the id also as Idempotency-Key) and
// writes each, once per id, to its own file in a folder, so that an operator (or a test) reads the
// codes the bank sent without a real gateway. GET /messages lists them, newest last.
//   node --import tsx scripts/cluster/sms-catcher.ts <port> <folder>
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

/** A message larger than this is refused: the bank's SMS are a few hundred bytes. */
const bodyBytesMax = 16 * 1024;

const [portArgument = '', folder = ''] = process.argv.slice(2);
const port = Number(portArgument);
if (!Number.isInteger(port) || port < 1 || port > 65535 || folder === '') {
  console.error('usage: sms-catcher.ts <port> <folder>');
  process.exit(2);
}
fs.mkdirSync(folder, { recursive: true });

type Sms = { id: string; to: string; text: string };
const isSms = (value: unknown): value is Sms => typeof value === 'object' && value !== null && ['id', 'to', 'text'].every((key) => typeof (value as Record<string, unknown>)[key] === 'string');

function listMessages(): Array<Sms & { at: string }> {
  return fs
    .readdirSync(folder)
    .filter((name) => name.endsWith('.json'))
    .map((name) => JSON.parse(fs.readFileSync(path.join(folder, name), 'utf8')) as Sms & { at: string })
    .sort((a, b) => a.at.localeCompare(b.at));
}

const server = http.createServer((request, response) => {
  if (request.method === 'GET' && request.url === '/messages') {
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(listMessages()));
    return;
  }
  if (request.method !== 'POST') {
    response.writeHead(405).end();
    return;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  request.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > bodyBytesMax) request.destroy();
    else chunks.push(chunk);
  });
  request.on('end', () => {
    let message: unknown;
    try {
      message = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      message = null;
    }
    if (!isSms(message) || !/^[0-9a-f-]{1,64}$/.test(message.id)) {
      response.writeHead(400).end();
      return;
    }
    // Named by the message's id: a resend of one message is one file, as a real gateway sends it once.
    const file = path.join(folder, `${message.id}.json`);
    if (!fs.existsSync(file)) fs.writeFileSync(file, JSON.stringify({ ...message, at: new Date().toISOString() }));
    console.log(`SMS to ${message.to}: ${message.text}`);
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"accepted":true}');
  });
});

server.listen(port, '127.0.0.1', () => console.log(`SMS catcher on 127.0.0.1:${port}, writing to ${folder}`));
const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
