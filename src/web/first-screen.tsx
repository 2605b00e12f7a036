// Renders the first screen of the public pages to HTML at build time (scripts/prerender.ts), so a
// phone paints the page from the HTML alone instead of waiting for the app's code to arrive and
// run. Nothing here runs in the browser.
import { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { accountTypeSlugs } from '../shared/constants';
import { AppLayout } from './app/layout/app-layout';
import { AppProviders } from './app/providers';
import LoginPage from './features/auth/routes/login';
import AccountDetailPage from './features/catalogue/routes/account-detail';
import ContactUsPage from './features/contact/routes/contact-us';
import HomePage from './features/home/routes/home';
import { addTexts } from './lib/i18n';
import { enContact } from './locales/en-contact';
import { enPublic } from './locales/en-public';

/**
 * A pre-rendered page: the address it answers and the modules the router loads for it (its code,
 * and its texts when they are not in the shell), named as in the build's manifest. `hydrate` when
 * the app's first render is this markup exactly, so the app can take it over instead of drawing
 * it again: not for a page whose route loader fetches what it shows before the page renders, nor
 * for one with a form, which the build makes inert and hydration would leave so.
 */
export type FirstScreenPage = { path: string; sources: string[]; hydrate: boolean };

type PageDefinition = { pattern: string; sources: string[]; Component: ComponentType; paths: readonly string[]; hydrate: boolean };

const publicTextsSource = 'src/web/locales/en-public.ts';
const contactTextsSource = 'src/web/locales/en-contact.ts';

/**
 * The public pages a visitor opens first. Each must render here exactly as the browser's first
 * render shows it while nothing is known yet: no one signed in, no answer from the API.
 */
const pageDefinitions: PageDefinition[] = [
  { pattern: '/', sources: ['src/web/features/home/routes/home.tsx', publicTextsSource], Component: HomePage, paths: ['/'], hydrate: true },
  { pattern: '/logIn', sources: ['src/web/features/auth/routes/login.tsx'], Component: LoginPage, paths: ['/logIn'], hydrate: false },
  { pattern: '/contactUs', sources: ['src/web/features/contact/routes/contact-us.tsx', contactTextsSource], Component: ContactUsPage, paths: ['/contactUs'], hydrate: false },
  {
    pattern: '/accountDetail/:accountType',
    sources: ['src/web/features/catalogue/routes/account-detail.tsx', publicTextsSource],
    Component: AccountDetailPage,
    paths: accountTypeSlugs.map((slug) => `/accountDetail/${slug}`),
    // Built showing the loading state; the app first renders the entry its loader has fetched.
    hydrate: false,
  },
];

export const firstScreenPages: FirstScreenPage[] = pageDefinitions.flatMap(({ sources, paths, hydrate }) => paths.map((path) => ({ path, sources, hydrate })));

const handler = createStaticHandler([{ Component: AppLayout, children: pageDefinitions.map(({ pattern, Component }) => ({ path: pattern, Component })) }]);

/** The markup of `#root` for one page, with the layout a visitor who is not signed in sees. */
export async function renderFirstScreen(path: string): Promise<string> {
  addTexts(enPublic);
  addTexts(enContact);
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`${path} answered a redirect instead of a page`);
  if (context.statusCode !== 200) throw new Error(`${path} rendered as ${context.statusCode}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  // Queries do not run on the server: every one stays pending, as in the browser's first render.
  const queryClient = new QueryClient();
  // The browser's providers, so the markup is the tree the app hydrates (main.tsx).
  // hydrate={false}: no inline script with the router's state, which the content security policy refuses.
  return renderToString(
    <AppProviders queryClient={queryClient}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppProviders>,
  );
}
