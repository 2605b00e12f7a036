import { inflateSync } from 'node:zlib';

/** The few Windows code points PDFs here use beyond Latin-1, back to the characters they stand for. */
const winAnsiExtras: Record<number, string> = { 0x91: '‘', 0x92: '’', 0x93: '“', 0x94: '”', 0x95: '•', 0x96: '–', 0x97: '—', 0x85: '…', 0x80: '€' };

const decodeWinAnsi = (hex: string) =>
  (hex.match(/[0-9a-fA-F]{2}/g) ?? [])
    .map((pair) => {
      const code = Number.parseInt(pair, 16);
      return winAnsiExtras[code] ?? String.fromCharCode(code);
    })
    .join('');

type PdfObject = { dictionary: string; stream: string | null };

/** Every numbered object of the PDF, with its stream inflated. */
function objectsOf(pdf: Buffer): Map<string, PdfObject> {
  const body = pdf.toString('latin1');
  const objects = new Map<string, PdfObject>();
  for (const match of body.matchAll(/(\d+) 0 obj\s*<<([^]*?)>>\s*(stream\r?\n)?/g)) {
    let stream: string | null = null;
    if (match[3] !== undefined) {
      const start = match.index + match[0].length;
      const raw = pdf.subarray(start, body.indexOf('endstream', start));
      try {
        stream = (match[2] ?? '').includes('/FlateDecode') ? inflateSync(raw).toString('latin1') : raw.toString('latin1');
      } catch {
        stream = null;
      }
    }
    objects.set(match[1] ?? '', { dictionary: match[2] ?? '', stream });
  }
  return objects;
}

const utf16Hex = (hex: string) => String.fromCharCode(...(hex.match(/[0-9a-fA-F]{4}/g) ?? []).map((unit) => Number.parseInt(unit, 16)));

/** A ToUnicode map (as pdfkit writes it: ranges of glyph codes with an array of strings) from glyph code to text. */
function toUnicodeOf(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const range of cmap.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*\[([^\]]*)\]/g)) {
    const first = Number.parseInt(range[1] ?? '0', 16);
    // A glyph of several characters has them space-separated inside its brackets: <0995 09CD>.
    [...(range[3] ?? '').matchAll(/<([0-9a-fA-F\s]*)>/g)].forEach((text, index) => map.set(first + index, utf16Hex(text[1] ?? '')));
  }
  for (const section of cmap.matchAll(/beginbfchar([^]*?)endbfchar/g)) {
    for (const pair of (section[1] ?? '').matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]*)>/g)) map.set(Number.parseInt(pair[1] ?? '0', 16), utf16Hex(pair[2] ?? ''));
  }
  return map;
}

/** Each font resource name (F1, F2…) with its ToUnicode map, or null for a built-in font with one byte a character. */
function fontsOf(objects: Map<string, PdfObject>): Map<string, Map<number, string> | null> {
  const fonts = new Map<string, Map<number, string> | null>();
  for (const object of objects.values()) {
    for (const resource of object.dictionary.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
      const font = objects.get(resource[2] ?? '');
      const toUnicode = /\/ToUnicode (\d+) 0 R/.exec(font?.dictionary ?? '')?.[1];
      const cmap = toUnicode ? objects.get(toUnicode)?.stream : null;
      fonts.set(resource[1] ?? '', cmap ? toUnicodeOf(cmap) : null);
    }
  }
  return fonts;
}

/**
 * The text drawn by a PDF that pdfkit wrote, one string per text operation: enough for a test to
 * check that a statement names the right account and balance, without a PDF reader among the
 * dependencies. Content streams are inflated; each `[<hex> n <hex>] TJ` or `<hex> Tj` becomes its
 * characters, through the font's ToUnicode map for an embedded font (two bytes a glyph) or as
 * Windows text for a built-in one. A glyph stands for the characters its ToUnicode entry gives,
 * so a Bangla vowel sign drawn before its consonant comes out where it is drawn.
 */
export function pdfTextRuns(pdf: Buffer): string[] {
  const objects = objectsOf(pdf);
  const fonts = fontsOf(objects);
  const runs: string[] = [];
  for (const object of objects.values()) {
    if (object.stream === null || !object.stream.includes('BT')) continue;
    let font: Map<number, string> | null = null;
    for (const operation of object.stream.matchAll(/\/(F\d+) [\d.]+ Tf|\[([^\]]*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
      if (operation[1] !== undefined) {
        font = fonts.get(operation[1]) ?? null;
        continue;
      }
      const hexes = operation[2] !== undefined ? [...operation[2].matchAll(/<([0-9a-fA-F]*)>/g)].map((hex) => hex[1] ?? '') : [operation[3] ?? ''];
      const glyphs = font;
      const decode = glyphs ? (hex: string) => (hex.match(/[0-9a-fA-F]{4}/g) ?? []).map((code) => glyphs.get(Number.parseInt(code, 16)) ?? '').join('') : decodeWinAnsi;
      runs.push(hexes.map(decode).join(''));
    }
  }
  return runs;
}

/** Every text run of the PDF, one a line; the glyphs of one line of text may come in several runs. */
export const pdfText = (pdf: Buffer) => pdfTextRuns(pdf).join('\n');

/** The fonts embedded in the PDF, by name without the subset's prefix (NotoSansBengali-Regular). */
export function embeddedFontNames(pdf: Buffer): string[] {
  const names = new Set<string>();
  for (const object of objectsOf(pdf).values()) {
    if (!/\/FontFile2 \d+ 0 R/.test(object.dictionary)) continue;
    const name = /\/FontName \/(?:[A-Z]{6}\+)?([^\s/]+)/.exec(object.dictionary)?.[1];
    if (name) names.add(name);
  }
  return [...names];
}
