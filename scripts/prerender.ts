import fs from 'node:fs/promises';
import path from 'node:path';
import { runnerImport, type Plugin } from 'vite';
import type { FirstScreenPage } from '../src/web/first-screen';

/** Where the pre-rendered pages go inside the build, and the list the server reads to find them. */
export const firstScreenFolder = 'first-screen';
export const firstScreenListFile = 'first-screen.json';

type FirstScreenModule = { firstScreenPages: FirstScreenPage[]; renderFirstScreen: (path: string) => Promise<string> };
type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[] };

const rootElement = '<div id="root"></div>';

/** The file one page's HTML is written to: `/accountDetail/savings` → `first-screen/accountDetail/savings.html`. */
function fileFor(pagePath: string): string {
  return `${firstScreenFolder}/${pagePath === '/' ? 'index' : pagePath.slice(1)}.html`;
}

/** The chunks of the page's modules and what they import, less the entry, which index.html loads already. */
function pageChunks(manifest: Record<string, ManifestChunk>, sources: string[]): string[] {
  const files: string[] = [];
  const pending = [...sources];
  const seen = new Set<string>();
  while (pending.length > 0) {
    const key = pending.pop() as string;
    const chunk = manifest[key];
    if (seen.has(key)) continue;
    if (!chunk) throw new Error(`${key} is not in the build's manifest`);
    seen.add(key);
    if (chunk.isEntry) continue;
    files.push(chunk.file);
    pending.push(...(chunk.imports ?? []));
  }
  return files;
}

/**
 * After the client build is written, renders the first screen of the public pages a visitor opens
 * first (src/web/first-screen.tsx) into copies of index.html, so the page paints before its code
 * has arrived, and lists them in `first-screen.json` for the server (src/server/plugins/web-app.ts).
 * Each copy also asks for its page's code beside the entry (modulepreload), instead of after it.
 * Runs in writeBundle, so the precompress step (closeBundle) compresses the pages too.
 */
export function prerender(): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'bank:prerender',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle() {
      const { module } = await runnerImport<FirstScreenModule>(path.join(root, 'src/web/first-screen.tsx'), {
        configFile: false,
        root,
        logLevel: 'warn',
        mode: 'production',
      });
      const shell = await fs.readFile(path.join(outDir, 'index.html'), 'utf8');
      if (!shell.includes(rootElement)) throw new Error(`index.html has no empty ${rootElement} to render into`);
      const manifest = JSON.parse(await fs.readFile(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
      const pages: Record<string, string> = {};
      for (const page of module.firstScreenPages) {
        // A form shown before the app has taken over would submit natively (a GET that puts the
        // password in the address and the server's log) and lose what was typed when the app
        // replaces the markup: until then it is inert, seen but not usable.
        const markup = (await module.renderFirstScreen(page.path)).replace(/<form\b/g, '<form inert=""');
        const preloads = pageChunks(manifest, page.sources)
          .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
          .join('\n    ');
        // main.tsx reads how to take the markup over: hydrate it, or draw the page again over it.
        const takeOver = `<meta name="first-screen" content="${page.hydrate ? 'hydrate' : 'replace'}">`;
        const html = shell.replace('</head>', `  ${takeOver}\n    ${preloads}\n  </head>`).replace(rootElement, `<div id="root">${markup}</div>`);
        const file = fileFor(page.path);
        await fs.mkdir(path.dirname(path.join(outDir, file)), { recursive: true });
        await fs.writeFile(path.join(outDir, file), html);
        pages[page.path] = file;
      }
      await fs.writeFile(path.join(outDir, firstScreenListFile), `${JSON.stringify(pages, null, 2)}\n`);
    },
  };
}
