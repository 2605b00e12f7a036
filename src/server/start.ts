import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp, type App } from './app';
import type { Config } from './config';
import { type Database, isDatabaseReady, MigrationsPendingError, type DatabaseHandle } from './db/client';
import { resolveAuthSecret } from './lib/auth-secret';
import { deleteExpiredIdempotencyRecords } from './lib/idempotency';
import { startPeriodicJob } from './lib/periodic-jobs';
import { restrictModes } from './lib/private-data-dir';
import { deleteEndedSessions } from './modules/auth/sessions';
import { catalogueSeed } from './modules/catalogue/catalogue-seed';
import { seedCatalogue } from './modules/catalogue/catalogue.repository';
import { startMailOutbox } from './lib/mail-outbox';
import { startSmsOutboxSweep } from './lib/sms-outbox';
import { catchUpDayClose } from './modules/day-close/day-close';
import { contactMailSource } from './modules/contact/contact-outbox';
import { uploadsDirIn } from './modules/images/image-store';
import { sweepUnclaimedUploads } from './modules/images/images.service';
import { noticeMailSources } from './modules/notices/notice-mail-source';
import { deleteOldSentNotices } from './modules/notices/notices.repository';
import { deleteExpiredSmsCodes } from './modules/two-factor/sms-codes';
import { deleteOldClearingNonces } from './modules/payments/clearing.repository';
import { reconcileAfterSessionClose } from './modules/payments/reconciliation';
import { announceGeneratedStaff, bootstrapStaff, staffCredentialsPathIn } from './modules/users/staff-bootstrap';
import { openServerDatabase } from './server-database';

/**
 * How often each clean-up job runs (once per period across every instance): a registration
 * photo left unused is kept an hour, and the sweep comes often enough that it is gone soon after.
 */
export const sweepIntervalMs = 15 * 60 * 1000;

function restrictModesOrWarn(dataDir: string, log: { warn: (detail: object, message: string) => void }) {
  try {
    restrictModes(dataDir);
  } catch (error) {
    log.warn({ err: error }, 'could not make the data folder private');
  }
}

/**
 * The pool asks for `statementTimeoutMs` when it connects, but PgBouncer 1.18 cannot pass that
 * request on (it is told to ignore it), so behind a pooler the database role or the database must
 * carry the timeout itself. Without it, one stuck query could hold a pooled connection for good.
 */
async function warnWithoutStatementTimeout(db: Database, log: { warn: (detail: object, message: string) => void }) {
  const result = await db.execute<{ timeout: string }>(sql`SELECT current_setting('statement_timeout') AS timeout`);
  const timeout = result.rows[0]?.timeout;
  if (timeout === '0') log.warn({ statementTimeout: timeout }, 'the database applies no statement timeout: behind a pooler, set one on the role (ALTER ROLE … SET statement_timeout)');
}

/**
 * Applies the migrations, or with MIGRATE_ON_START=false refuses a database that lacks one
 * (closing what was opened for it, `closeFirst` among it).
 */
async function readyForUse(config: Config, database: DatabaseHandle, closeFirst?: () => Promise<void>): Promise<void> {
  if (config.migrateOnStart) return database.migrate();
  if (await isDatabaseReady(database.db)) return;
  await closeFirst?.();
  await database.close();
  throw new MigrationsPendingError();
}

export type RunningServer = { app: App; database: DatabaseHandle; stop: () => Promise<void> };

export type PrepareOptions = {
  webRoot?: string | undefined;
  extraTrustedOrigins?: string[];
  /** The database `openServerDatabase(config)` opened, when the caller opened it first. */
  database?: DatabaseHandle;
};

/** Everything `npm start` does before listening: open the database, migrate, seed, bootstrap staff, build the app. */
export async function prepareServer(config: Config, options: PrepareOptions = {}): Promise<RunningServer> {
  const database = options.database ?? (await openServerDatabase(config));
  // On PostgreSQL a generated secret is read from the database, so its table must exist first.
  // On PGlite the app is built while PGlite is still reading and compiling its WebAssembly in the
  // background (its first query waits for that); nothing in it reads the database until it is
  // migrated (the catalogue's refreshes start below).
  const migratedFirst = database.driver === 'postgres';
  if (migratedFirst) await readyForUse(config, database);
  const authSecret = await resolveAuthSecret(config.authSecret, config.dataDir, database);
  const app = await buildApp({
    config,
    db: database.db,
    batchDb: database.batchDb,
    authSecret,
    uploadsDir: uploadsDirIn(config.dataDir),
    uploadStore: config.uploadStore,
    webRoot: options.webRoot,
    extraTrustedOrigins: options.extraTrustedOrigins,
    staffCredentialsPath: staffCredentialsPathIn(config.dataDir),
    metricsToken: config.metricsToken,
    poolStats: database.poolStats,
    // The embedded switch's books are kept beside the bank's, so that a restart of either finds
    // the payments in flight on both sides (a BEFTN session settles after it; a status request is
    // answered). Not `npm run clearing`'s ./data/clearing-house: the two must never open one folder.
    // Started when first needed, or at once when it was used before: a second PGlite costs about
    // 165 MB and, on a first start, 5 s of CPU (record 071).
    clearing: { dataDir: path.join(config.dataDir, 'embedded-clearing-house'), startEmbedded: 'when-used-before' },
  });
  if (!migratedFirst) await readyForUse(config, database, () => app.close());
  await seedCatalogue(database.db, catalogueSeed);
  // Only now, with the tables migrated and seeded: read before, a new database's first start
  // logged a failed query and listed no products until the next refresh.
  await app.services.catalogue.start((error) => app.log.warn({ err: error }, 'catalogue refresh failed'));
  if (database.driver === 'postgres') await warnWithoutStatementTimeout(database.db, app.log);
  restrictModes(config.dataDir);
  const staff = await bootstrapStaff(database.db, app.services.auth, { staffEmail: config.staffEmail, staffPassword: config.staffPassword, staffName: config.staffName, dataDir: config.dataDir });
  const announcement = announceGeneratedStaff(staff, process.stdout.isTTY === true);
  if (announcement) console.log(announcement);
  // The data folder's modes are this machine's own: every instance keeps its own folder private.
  const privateModes = setInterval(() => restrictModesOrWarn(config.dataDir, app.log), sweepIntervalMs);
  privateModes.unref();
  const jobs = [
    { name: 'upload-sweep', run: () => sweepUnclaimedUploads(database.db, app.services.imageStore) },
    { name: 'rate-limit-sweep', run: () => app.services.rateLimiter.sweepExpired() },
    { name: 'idempotency-expiry', run: () => deleteExpiredIdempotencyRecords(database.db) },
    { name: 'session-cleanup', run: () => deleteEndedSessions(database.db) },
    { name: 'notice-cleanup', run: () => deleteOldSentNotices(database.db) },
    { name: 'sms-code-cleanup', run: () => deleteExpiredSmsCodes(database.db) },
    { name: 'clearing-nonce-cleanup', run: () => deleteOldClearingNonces(database.db) },
    { name: 'reconciliation-after-session', run: () => reconcileAfterSessionClose(database.db, app.services.clearing.client) },
    // Closes each business date that has ended (Dhaka), catching up days the server was down (record 080).
    { name: 'day-close', run: () => catchUpDayClose(database.batchDb) },
  ].map((job) => startPeriodicJob(database.db, { ...job, periodMs: sweepIntervalMs }, app.log));
  const smsSweep = startSmsOutboxSweep(database.db, app.services.secondFactor.smsOutbox, app.log);
  const mailOutbox = startMailOutbox({
    db: database.db,
    smtpUrl: config.smtpUrl,
    sources: noticeMailSources(config.mailFrom, [contactMailSource({ contactInbox: config.contactInbox, mailFrom: config.mailFrom })]),
    log: app.log,
  });
  return {
    app,
    database,
    async stop() {
      clearInterval(privateModes);
      await Promise.all(jobs.map((job) => job.stop()));
      await mailOutbox?.stop();
      await smsSweep.stop();
      await app.close();
      await database.close();
    },
  };
}
