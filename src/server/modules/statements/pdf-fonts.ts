import { readFileSync } from 'node:fs';
import * as harfbuzz from 'harfbuzzjs';

/**
 * The fonts every PDF is drawn in: Noto Sans Bengali with its Latin letters (fonts/README.md), so
 * that one font draws English, Bangla and a line mixing both, such as a Bangla name on an English
 * statement. PDFKit's built-in Helvetica has no Bengali letters at all.
 */
export const pdfFonts = { regular: 'NotoSansBengali-Regular', bold: 'NotoSansBengali-Bold' } as const;
type PdfFontName = (typeof pdfFonts)[keyof typeof pdfFonts];

type FontFile = { bytes: Buffer; shaper: harfbuzz.Font };

/** Read once per process, on the first PDF (this module is imported with the PDF writers). */
const fontFiles = new Map<PdfFontName, FontFile>(
  Object.values(pdfFonts).map((name) => {
    const bytes = readFileSync(new URL(`./fonts/${name}.ttf`, import.meta.url));
    return [name, { bytes, shaper: new harfbuzz.Font(new harfbuzz.Face(new harfbuzz.Blob(new Uint8Array(bytes)))) }];
  }),
);

/** The parts of PDFKit's embedded font (and of fontkit's font inside it) that shaping replaces. */
type GlyphLike = { id: number; advanceWidth: number; codePoints: number[] };
type Position = { xAdvance: number; yAdvance: number; xOffset: number; yOffset: number; advanceWidth: number };
type Run = { glyphs: GlyphLike[]; positions: Position[]; advanceWidth: number };
type FontkitFont = { characterSet: number[]; glyphForCodePoint(codePoint: number): { id: number }; getGlyph(id: number): { advanceWidth: number } };
type EmbeddedFont = { font: FontkitFont; scale: number; layoutRun: (text: string) => Run };

/** Each glyph the font maps a character to, with that character: the reverse of its character map. */
function charactersOfGlyphs(font: FontkitFont): Map<number, number[]> {
  const characters = new Map<number, number[]>();
  for (const codePoint of font.characterSet) {
    const id = font.glyphForCodePoint(codePoint).id;
    if (!characters.has(id)) characters.set(id, [codePoint]);
  }
  return characters;
}

/**
 * The glyphs and their positions for `text`, shaped by HarfBuzz. Bengali is written in syllables:
 * a vowel sign drawn before the consonant it follows (কি), conjuncts (ক্ষ, স্ত্র, দ্ধ) and a
 * ra-phala under its consonant (ট্র). PDFKit's own shaper (fontkit) misplaces several of these,
 * which a reader sees as broken words; HarfBuzz is the shaper browsers use, so the PDF matches the
 * screen. A glyph of one character (a letter, a vowel sign) stands for that character when text is
 * copied out of the PDF; a glyph of several (a conjunct) for the characters of its syllable that
 * no other glyph stands for.
 */
function shapedRun(embedded: EmbeddedFont, shaper: harfbuzz.Font, characters: Map<number, number[]>, text: string): Run {
  const buffer = new harfbuzz.Buffer();
  buffer.addText(text);
  buffer.guessSegmentProperties();
  harfbuzz.shape(shaper, buffer);
  const infos = buffer.getGlyphInfos();
  const placed = buffer.getGlyphPositions();
  const clusterStarts = [...new Set(infos.map((info) => info.cluster))].sort((a, b) => a - b);
  const clusterText = (cluster: number) => text.slice(cluster, clusterStarts.find((start) => start > cluster) ?? text.length);
  const ownCharacters = infos.map((info) => characters.get(info.codepoint) ?? []);
  const glyphs: GlyphLike[] = [];
  const positions: Position[] = [];
  let advanceWidth = 0;
  infos.forEach((info, index) => {
    let codePoints = ownCharacters[index] ?? [];
    if (codePoints.length === 0) {
      const others = new Set(ownCharacters.filter((_, at) => infos[at]?.cluster === info.cluster).flat());
      codePoints = [...clusterText(info.cluster)].map((character) => character.codePointAt(0) ?? 0).filter((codePoint) => !others.has(codePoint));
    }
    // A glyph of its own rather than fontkit's, which keeps the characters it was first asked for.
    const glyph = { id: info.codepoint, advanceWidth: embedded.font.getGlyph(info.codepoint).advanceWidth, codePoints };
    const position = placed[index];
    const scaled = {
      xAdvance: (position?.xAdvance ?? 0) * embedded.scale,
      yAdvance: (position?.yAdvance ?? 0) * embedded.scale,
      xOffset: (position?.xOffset ?? 0) * embedded.scale,
      yOffset: (position?.yOffset ?? 0) * embedded.scale,
      advanceWidth: glyph.advanceWidth * embedded.scale,
    };
    glyphs.push(glyph);
    positions.push(scaled);
    advanceWidth += scaled.xAdvance;
  });
  return { glyphs, positions, advanceWidth };
}

/**
 * Registers the fonts with a new document and has HarfBuzz shape every run of text drawn in them.
 * PDFKit keeps its own measuring, line breaking and subsetting (only the glyphs used are embedded);
 * only the step from characters to glyphs is replaced. The document's font is the regular one.
 */
export function usePdfFonts(document: PDFKit.PDFDocument): void {
  for (const [name, file] of fontFiles) {
    document.registerFont(name, file.bytes);
    document.font(name);
    const embedded = (document as unknown as { _font: EmbeddedFont })._font;
    const characters = charactersOfGlyphs(embedded.font);
    embedded.layoutRun = (text) => shapedRun(embedded, file.shaper, characters, text);
  }
  document.font(pdfFonts.regular);
}
