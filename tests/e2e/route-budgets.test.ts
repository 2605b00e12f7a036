import fs from 'node:fs';
import path from 'node:path';
import { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { appRoutes, type RouteAccess } from '../../src/web/app/router';
import { gzipBytes } from '../support/built-bundle';
import { browserSuite } from '../support/browser-harness';
import { webRoot } from '../support/web-build';

const suite = browserSuite();

/**
 * What a visitor's browser loads on a public page until it has settled, in bytes after gzip
 * (docs/decisions/010-front-end-budget.md): the same 150 KB the home page is held to.
 */
const publicRouteScriptGzipBytesMax = 150_000;

/** Every route a visitor may open, read from the app's router: `public` unless it or a route above it says otherwise. */
function publicPaths(routes: RouteObject[], inherited: RouteAccess = 'public'): string[] {
  return routes.flatMap((route) => {
    const access = (route.handle as { access?: RouteAccess } | undefined)?.access ?? inherited;
    if (access !== 'public') return [];
    const own = route.path && route.path !== '*' ? [route.path] : [];
    return [...own, ...publicPaths(route.children ?? [], access)];
  });
}

/** The first slug of each catalogue list, for the routes that show one entry. */
async function exampleParams(baseUrl: string): Promise<Record<string, string>> {
  const first = async (list: string, field: string) => ((await (await fetch(`${baseUrl}${list}`)).json()) as Array<Record<string, string>>)[0]?.[field] ?? '';
  return {
    accountType: await first('/api/accountsTypes', 'accountType'),
    cardType: await first('/api/cardsTypes', 'cardType'),
    loanType: await first('/api/loansTypes', 'loanType'),
  };
}

describe('the script every public page loads', () => {
  it('stays within the budget on every public route of the router', async () => {
    const patterns = publicPaths(appRoutes(new QueryClient()));
    expect(patterns).toEqual(expect.arrayContaining(['/', '/logIn', '/login', '/contactUs', '/accountDetail/:accountType']));
    expect(patterns).not.toContain('/myAccounts');
    expect(patterns).not.toContain('/dashboard');
    const params = await exampleParams(suite.baseUrl);
    // Each page in a context of its own (nothing cached from another), four at a time: most of a
    // page's time here is the quiet the measurement waits for, not work.
    const scriptBytesOf = async (pattern: string): Promise<number> => {
      const address = pattern.replace(/:(\w+)/g, (_whole, name: string) => params[name] ?? name);
      const context = await suite.browser.newContext({ viewport: { width: 360, height: 740 } });
      try {
        const page = await context.newPage();
        const scripts = new Set<string>();
        page.on('response', (response) => {
          const { pathname } = new URL(response.url());
          if (pathname.startsWith('/assets/') && pathname.endsWith('.js') && fs.existsSync(path.join(webRoot, pathname))) scripts.add(pathname.slice(1));
        });
        await page.goto(`${suite.baseUrl}${address}`, { waitUntil: 'networkidle' });
        // What loads once the page has painted and the browser is idle (the menu's lists) counts too.
        await page.waitForTimeout(1_000);
        await page.waitForLoadState('networkidle');
        return [...scripts].reduce((total, file) => total + gzipBytes(file), 0);
      } finally {
        await context.close();
      }
    };
    const measured: Record<string, number> = {};
    for (let start = 0; start < patterns.length; start += 4) {
      const group = patterns.slice(start, start + 4);
      const bytes = await Promise.all(group.map(scriptBytesOf));
      group.forEach((pattern, index) => (measured[pattern] = bytes[index] ?? 0));
    }
    const report = JSON.stringify(measured, null, 1);
    console.info(`Script per public page, gzip bytes:\n${report}`);
    for (const [pattern, bytes] of Object.entries(measured)) expect(bytes, `${pattern}\n${report}`).toBeLessThanOrEqual(publicRouteScriptGzipBytesMax);
  }, 240_000);
});
