import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { webRoot } from './web-build';

/** One chunk of Vite's build manifest (`build.manifest`): its file and what it loads. */
type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[]; css?: string[] };
type Manifest = Record<string, ManifestChunk>;

export function readManifest(): Manifest {
  return JSON.parse(fs.readFileSync(path.join(webRoot, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

/**
 * The files a browser fetches before the app can start: the entry script, every chunk it
 * imports statically (directly or through another chunk: what index.html preloads), and their
 * style sheets. Lazily loaded pages are not among them.
 */
export function entryFiles(manifest: Manifest): { scripts: string[]; styles: string[] } {
  const entryKeys = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  const visited = new Set<string>();
  const pending = [...entryKeys];
  while (pending.length > 0) {
    const key = pending.pop() as string;
    if (visited.has(key)) continue;
    visited.add(key);
    pending.push(...(manifest[key]?.imports ?? []));
  }
  const chunks = [...visited].map((key) => manifest[key]).filter((chunk): chunk is ManifestChunk => chunk !== undefined);
  return { scripts: chunks.map((chunk) => chunk.file), styles: [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))] };
}

/** Every script the build wrote, whether the entry loads it or a page loads it later. */
export function allScripts(manifest: Manifest): string[] {
  return [...new Set(Object.values(manifest).map((chunk) => chunk.file))].filter((file) => file.endsWith('.js'));
}

/** Bytes after gzip at its highest level: what the build's `.gz` copies hold, independent of the server. */
export function gzipBytes(file: string): number {
  return zlib.gzipSync(fs.readFileSync(path.join(webRoot, file)), { level: zlib.constants.Z_BEST_COMPRESSION }).length;
}
