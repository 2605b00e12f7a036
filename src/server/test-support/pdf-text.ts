import { inflateSync } from 'node:zlib';

/** The few Windows code points PDFs here use beyond Latin-1, back to the characters they stand for. */
const winAnsiExtras: Record<number, string> = { 0x91: '‘', 0x92: '’', 0x93: '“', 0x94: '”', 0x95: '•', 0x96: '–', 0x97: '—', 0x85: '…', 0x80: '€' };

const decodeHex = (hex: string) =>
  (hex.match(/[0-9a-fA-F]{2}/g) ?? [])
    .map((pair) => {
      const code = Number.parseInt(pair, 16);
      return winAnsiExtras[code] ?? String.fromCharCode(code);
    })
    .join('');

/**
 * The text drawn by a PDF that pdfkit wrote with its built-in fonts, one string per text
 * operation: enough for a test to check that a statement names the right account and balance,
 * without a PDF reader among the dependencies. Content streams are inflated; each `[<hex> n
 * <hex>] TJ` or `<hex> Tj` becomes its characters.
 */
export function pdfTextRuns(pdf: Buffer): string[] {
  const body = pdf.toString('latin1');
  const runs: string[] = [];
  const streamPattern = /<<([^]*?)>>\s*stream\r?\n/g;
  for (let match = streamPattern.exec(body); match; match = streamPattern.exec(body)) {
    const start = match.index + match[0].length;
    const end = body.indexOf('endstream', start);
    const raw = pdf.subarray(start, end);
    let content: string;
    try {
      content = (match[1] ?? '').includes('/FlateDecode') ? inflateSync(raw).toString('latin1') : raw.toString('latin1');
    } catch {
      continue;
    }
    for (const operation of content.matchAll(/\[([^\]]*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
      const hexes = operation[1] !== undefined ? [...operation[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((hex) => hex[1] ?? '') : [operation[2] ?? ''];
      runs.push(hexes.map(decodeHex).join(''));
    }
  }
  return runs;
}

/** Every text run of the PDF, one a line. */
export const pdfText = (pdf: Buffer) => pdfTextRuns(pdf).join('\n');
