// A local SMTP server for the cluster: accepts every message without TLS or authentication and
// writes each one, as received, to its own file in a folder, so that an operator (or a test) can
// read the mail the bank sent without a real mail server.
//   node --import tsx scripts/cluster/mail-catcher.ts <port> <folder>
import fs from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

/** A message larger than this is refused: the bank's mails are a few kilobytes. */
const messageBytesMax = 1024 * 1024;

const [portArgument = '', folder = ''] = process.argv.slice(2);
const port = Number(portArgument);
if (!Number.isInteger(port) || port < 1 || port > 65535 || folder === '') {
  console.error('usage: mail-catcher.ts <port> <folder>');
  process.exit(2);
}
fs.mkdirSync(folder, { recursive: true });
let received = 0;

const server = new SMTPServer({
  disabledCommands: ['STARTTLS', 'AUTH'],
  authOptional: true,
  logger: false,
  size: messageBytesMax,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      received += 1;
      const recipients = session.envelope.rcptTo.map((recipient) => recipient.address).join(', ');
      const name = `${new Date().toISOString().replaceAll(':', '-')}-${process.pid}-${received}.eml`;
      // The envelope's recipients go first: a Bcc recipient is in no header.
      fs.writeFileSync(path.join(folder, name), Buffer.concat([Buffer.from(`X-Envelope-To: ${recipients}\r\n`), ...chunks]));
      callback();
    });
  },
});

server.listen(port, '127.0.0.1', () => console.log(`mail catcher on 127.0.0.1:${port}, writing to ${folder}`));
const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
