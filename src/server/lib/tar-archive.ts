import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';

/**
 * A gzipped tar archive (POSIX ustar) of plain files, written and read as a stream: what an
 * embedded backup is, so that `tar -tzf` lists it and `tar -xzf` unpacks it anywhere. Only what
 * the backups need: regular files, owner-only, names of at most 100 bytes. The archive is written
 * owner-only from its first byte (it holds customers' data and the server's secret).
 */

export type ArchiveEntry = { name: string; bytes: Uint8Array };
/** An entry as read back: its bytes in a buffer of their own. */
export type ReadEntry = { name: string; bytes: Uint8Array<ArrayBuffer> };

const blockBytes = 512;
const nameBytesMax = 100;
const endOfArchive = Buffer.alloc(2 * blockBytes);

/** An ustar number field: octal digits, zero-padded, then a NUL. */
function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, '0')}\0`;
}

function headerOf(name: string, size: number): Buffer {
  const header = Buffer.alloc(blockBytes);
  if (Buffer.byteLength(name) > nameBytesMax || name.includes('..') || name.startsWith('/')) throw new Error(`not a name this archive keeps: ${name}`);
  header.write(name, 0, 'utf8');
  header.write(octal(0o600, 8), 100, 'ascii');
  header.write(octal(0, 8), 108, 'ascii');
  header.write(octal(0, 8), 116, 'ascii');
  header.write(octal(size, 12), 124, 'ascii');
  header.write(octal(Math.floor(Date.now() / 1000), 12), 136, 'ascii');
  header.write('0', 156, 'ascii');
  header.write('ustar\0', 257, 'ascii');
  header.write('00', 263, 'ascii');
  // The checksum is the sum of the header's bytes with its own field read as eight spaces.
  header.fill(' ', 148, 156);
  header.write(octal(checksumOf(header), 7), 148, 'ascii');
  return header;
}

function checksumOf(header: Buffer): number {
  let sum = 0;
  for (let index = 0; index < blockBytes; index += 1) sum += index >= 148 && index < 156 ? 0x20 : (header[index] ?? 0);
  return sum;
}

const padding = (size: number) => Buffer.alloc((blockBytes - (size % blockBytes)) % blockBytes);

/** Writes `entries`, in order, into a new file (refused if one exists) created with mode 0600. */
export async function writeTarGz(file: string, entries: AsyncIterable<ArchiveEntry>): Promise<void> {
  // Opened here rather than by the stream, which opens it in the background: a failure then
  // leaves no file being created after this has returned, so the caller can remove what it left.
  const handle = await fs.promises.open(file, 'wx', 0o600);
  try {
    await writeArchive(entries, handle);
  } finally {
    await handle.close().catch(() => undefined);
  }
}

async function writeArchive(entries: AsyncIterable<ArchiveEntry>, handle: fs.promises.FileHandle): Promise<void> {
  await pipeline(
    async function* archive() {
      for await (const entry of entries) {
        yield headerOf(entry.name, entry.bytes.length);
        yield entry.bytes;
        yield padding(entry.bytes.length);
      }
      yield endOfArchive;
    },
    createGzip(),
    handle.createWriteStream(),
  );
}

export class ArchiveFormatError extends Error {}

function parseHeader(header: Buffer): { name: string; size: number } {
  const field = (start: number, length: number) =>
    header
      .toString('utf8', start, start + length)
      .replace(/\0.*$/s, '')
      .trim();
  if (!field(257, 6).startsWith('ustar')) throw new ArchiveFormatError('not a tar archive of ours (no ustar header)');
  if (Number.parseInt(field(148, 8), 8) !== checksumOf(header)) throw new ArchiveFormatError('a damaged archive (a header checksum does not match)');
  const type = header[156];
  if (type !== 0x30 && type !== 0) throw new ArchiveFormatError(`an archive entry that is not a plain file: ${field(0, 100)}`);
  return { name: field(0, 100), size: Number.parseInt(field(124, 12), 8) };
}

/**
 * The entries of a gzipped tar archive, one at a time: only the entry being read is held in
 * memory, so the uploads of a large bank pass through without filling it.
 */
export async function* readTarGz(file: string): AsyncGenerator<ReadEntry> {
  const chunks: Buffer[] = [];
  let buffered = 0;
  const take = (count: number): Buffer => {
    const all = Buffer.concat(chunks, buffered);
    chunks.length = 0;
    chunks.push(all.subarray(count));
    buffered -= count;
    return all.subarray(0, count);
  };
  let current: { name: string; size: number } | undefined;
  for await (const chunk of fs.createReadStream(file).pipe(createGunzip())) {
    chunks.push(chunk as Buffer);
    buffered += (chunk as Buffer).length;
    for (;;) {
      if (current === undefined) {
        if (buffered < blockBytes) break;
        const header = take(blockBytes);
        if (header.every((byte) => byte === 0)) return;
        current = parseHeader(header);
      } else {
        const stored = current.size + padding(current.size).length;
        if (buffered < stored) break;
        yield { name: current.name, bytes: new Uint8Array(take(stored).subarray(0, current.size)) };
        current = undefined;
      }
    }
  }
  throw new ArchiveFormatError('the archive ends before its last entry: it was cut short');
}
