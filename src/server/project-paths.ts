import path from 'node:path';

/**
 * The files the server reads at run time, found from the project's root. This module sits two
 * folders below the root (src/server), and so does the built server that bundles it
 * (dist/server/main.js), so the same relative step is right whether the server runs from its
 * sources (tests, `npm run dev`) or from the bundle (`npm start`). Keep this file in src/server.
 */
export const projectRoot = path.resolve(import.meta.dirname, '../..');

/** Drizzle's generated SQL migrations and their journal. */
export const migrationsFolder = path.join(projectRoot, 'drizzle');

/** The built single-page app (`npm run build`). */
export const defaultWebRoot = path.join(projectRoot, 'dist/web');

/** Where `npm start` writes the bundled server. */
export const builtServerPath = path.join(projectRoot, 'dist/server/main.js');

/** An empty PGlite cluster the build initialised, copied into each new embedded database. */
export const pgliteTemplateDir = path.join(projectRoot, 'dist/pglite-template');
