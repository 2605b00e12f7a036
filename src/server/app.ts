import { createHmac, randomUUID } from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { RequestValidationError } from './errors';
import { mailOutboxStats } from './lib/mail-outbox';
import { createMetrics, registerMetricsRoute, type Metrics, type PoolStats } from './lib/metrics';
import { collectRoutes } from './lib/openapi';
import { RateLimiter } from './lib/rate-limiter';
import { createHttpSmsGateway, SmsCatcher, type SmsGateway } from './lib/sms-gateway';
import { createSmsOutbox } from './lib/sms-outbox';
import { loadAuthOnFirstUse, type AuthLoader } from './modules/auth/auth-loader';
import type { PasswordHashing } from './modules/auth/auth';
import { accountsRoutes } from './modules/accounts/accounts.routes';
import { apiDocsRoutes } from './modules/api-docs/api-docs.routes';
import { auditRoutes } from './modules/audit/audit.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { Sessions } from './modules/auth/sessions';
import { SecondFactor } from './modules/two-factor/second-factor';
import { phoneNumberRoutes } from './modules/two-factor/phone-number.routes';
import { twoFactorRoutes } from './modules/two-factor/two-factor.routes';
import { cardsRoutes } from './modules/cards/cards.routes';
import { depositsRoutes } from './modules/deposits/deposits.routes';
import { fixedDepositsRoutes } from './modules/fixed-deposits/fixed-deposits.routes';
import { depositSchemesRoutes } from './modules/deposit-schemes/deposit-schemes.routes';
import { loanScheduleRoutes } from './modules/loans/loan-schedule.routes';
import { loansRoutes } from './modules/loans/loans.routes';
import { transfersRoutes } from './modules/transfers/transfers.routes';
import { nameEnquiryRoutes } from './modules/name-enquiry/name-enquiry.routes';
import { type NoticeExpander, startNoticeExpander } from './modules/notices/deferred-notices';
import { deferredNoticeBacklog } from './modules/notices/notices.repository';
import { limitsRoutes } from './modules/limits/limits.routes';
import { exciseDutyRoutes } from './modules/excise-duty/excise-duty.routes';
import { interestTermsRoutes } from './modules/interest-terms/interest-terms.routes';
import { productRatesRoutes } from './modules/product-rates/product-rates.routes';
import { dayCloseRoutes } from './modules/day-close/day-close.routes';
import { holidaysRoutes } from './modules/holidays/holidays.routes';
import { staffQueueRoutes } from './modules/decisions/staff-queue.routes';
import { catalogueAreas } from './modules/catalogue/catalogue-answers';
import { CatalogueSnapshot } from './modules/catalogue/catalogue-snapshot';
import { banksRoutes } from './modules/payments/banks.routes';
import { paymentOperationsRoutes } from './modules/payments/payment-operations.routes';
import { clearingRoutes, clearingInboundPath, embeddedDelivery } from './modules/payments/clearing.routes';
import { createClearingService, type ClearingService, type ClearingSetup } from './modules/payments/clearing-service';
import type { PaymentsClock } from './modules/payments/payment-orders';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes';
import { loanIncomeFloorRoutes } from './modules/catalogue/loan-income-floor.routes';
import { contactRoutes } from './modules/contact/contact.routes';
import { healthRoutes } from './modules/health.routes';
import { createDatabaseImageStore, createFileImageStore, type ImageStore } from './modules/images/image-store';
import { imagesRoutes } from './modules/images/images.routes';
import { preferencesRoutes } from './modules/preferences/preferences.routes';
import { savedReceiversRoutes } from './modules/saved-receivers/saved-receivers.routes';
import { usersRoutes } from './modules/users/users.routes';
import { staffRoutes } from './modules/staff/staff.routes';
import { trialBalanceRoutes } from './modules/ledger/trial-balance.routes';
import { statementsRoutes } from './modules/statements/statements.routes';
import { taxCertificateRoutes } from './modules/tax-certificates/tax-certificate.routes';
import { serviceNoticesRoutes } from './modules/service-notices/service-notices.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { registerAccessGuard } from './plugins/access-guard';
import { registerErrorHandler, registerJsonNotFound } from './plugins/error-handler';
import { registerOriginCheck } from './plugins/origin-check';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerWebApp } from './plugins/web-app';
import { findUnstorableInput } from './lib/unstorable-input';

export const requestBodyBytesMax = 64 * 1024;
export const requestTimeoutMs = 30_000;
/** The API's version in its OpenAPI document: the contract changes only with a new one. */
export const apiVersion = '1.0.0';
/** The request ids accepted from a proxy in front: a UUID or a similar short token. */
const forwardedRequestIdPattern = /^[A-Za-z0-9-]{8,64}$/;

export type AppOptions = {
  config: Pick<Config, 'publicUrl' | 'rateLimitMultiplier' | 'logLevel' | 'trustProxy' | 'nodeEnv'> & Partial<Pick<Config, 'smsUrl' | 'clearingUrl' | 'clearingKey'>>;
  /**
   * The embedded clearing house's folder (start-up: DATA_DIR/embedded-clearing-house; none keeps its books
   * in memory), and for tests when it starts, the worker's and the switch's rounds, its clock.
   */
  clearing?: Partial<Pick<ClearingSetup, 'dataDir' | 'startEmbedded' | 'workerIntervalMs' | 'embeddedTickMs' | 'clock'>>;
  db: Database;
  /** The day close's pool (`DatabaseHandle.batchDb`); the request pool when not given. */
  batchDb?: Database;
  authSecret: string;
  uploadsDir: string;
  /** Where image bytes live; `disk` (under `uploadsDir`) unless told otherwise. */
  uploadStore?: Config['uploadStore'];
  /** The built SPA; without it only the API is served (API tests). */
  webRoot?: string | undefined;
  /** Extra origins allowed to call the auth endpoints (Vite's dev server). */
  extraTrustedOrigins?: string[];
  /** Where start-up writes a generated first staff password (see staff-bootstrap.ts). */
  staffCredentialsPath?: string;
  /** The bearer token for `GET /metrics`; without it the metrics answer 404. */
  metricsToken?: string | undefined;
  /** The database pool's state, for the metrics (PostgreSQL only). */
  poolStats?: (() => PoolStats) | undefined;
  /** The bank's time for payments (the database's when not given): tests fix it. */
  paymentsClock?: PaymentsClock | undefined;
  /**
   * Tests only: a cheaper password hash. better-auth's scrypt costs about a fifth of a second of a
   * core per password, on purpose; the test suite registers and signs in thousands of people.
   * Start-up never sets it.
   */
  passwordHashing?: PasswordHashing | undefined;
  /**
   * Tests only: the time authenticator codes are checked at. The server takes each 30-second
   * step's code once per user, so a test that needs more codes than a minute and a half holds
   * moves this time on instead of waiting for it. Start-up never sets it: the wall clock.
   */
  authenticatorTime?: (() => number) | undefined;
};

/**
 * The app's collaborators, made once by `buildApp`. Every route plugin is registered with this one
 * object and declares, in its own signature, the few it reads; the code that built the app (start-up,
 * tests, the bench) reaches them as `app.services`. Route plugins never read them from the instance.
 */
export type AppServices = {
  db: Database;
  /** For the bank's batch work, the day close run by hand: statements of minutes, on a pool of their own. */
  batchDb: Database;
  auth: AuthLoader;
  sessions: Sessions;
  rateLimiter: RateLimiter;
  metrics: Metrics;
  secondFactor: SecondFactor;
  catalogue: CatalogueSnapshot;
  imageStore: ImageStore;
  notices: NoticeExpander;
  /** The clearing house: the switch at CLEARING_URL or the one embedded, its inbox and the outbox's worker. */
  clearing: ClearingService;
  /** The address customers reach the bank at: links in e-mails, the API's documentation, the trusted origin. */
  publicUrl: string;
  /** Where start-up wrote a generated first staff password: removed once that password is replaced. */
  staffCredentialsPath: string | undefined;
  /** The bank's time for payments: the database's unless a test fixes it. */
  paymentsClock: PaymentsClock | undefined;
};

export type App = FastifyInstance & { readonly services: AppServices };

/**
 * Fastify ignores a bare hop count (it cannot tell a proxy from a client), so a count becomes
 * "the nearest `hops` addresses are proxies": right only when clients cannot reach the server
 * except through them, as the README says. A list of proxy addresses has no such condition.
 */
function proxyTrust(trust: Config['trustProxy']): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

/**
 * The SMS gateway `SMS_URL` names, or the embedded catcher: every message is then written to the
 * log (outside production), so `npm start` alone shows a developer each code.
 */
function smsGatewayOf(config: AppOptions['config'], log: FastifyBaseLogger): SmsGateway {
  if (config.smsUrl) return createHttpSmsGateway(config.smsUrl);
  if (config.nodeEnv === 'production') log.warn('SMS_URL is not set: SMS codes are not delivered to phones (customers without an authenticator app cannot confirm large transfers)');
  else log.info('SMS_URL is not set: SMS codes are written to this log (the embedded SMS catcher)');
  return new SmsCatcher(log, config.nodeEnv !== 'production');
}

export async function buildApp(options: AppOptions): Promise<App> {
  const app = Fastify({
    logger: {
      level: options.config.logLevel,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]', '*.password', '*.token'],
    },
    trustProxy: proxyTrust(options.config.trustProxy),
    bodyLimit: requestBodyBytesMax,
    requestTimeout: requestTimeoutMs,
    // A proxy's request id is kept so that its log and ours line up; anything else a client sends
    // there (a line break, a kilobyte of text) would be written into every log line of the request.
    requestIdHeader: false,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && forwardedRequestIdPattern.test(given) ? given : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true },
    // Errors the router raises before any route runs (a malformed %-escape, an over-long path
    // segment) would otherwise bypass the error handler and its one error shape.
    frameworkErrors: (error, request, reply) => {
      request.log.info({ code: error.code }, 'refused a malformed address');
      void (reply as FastifyReply).code(400).send({ error: { code: 'invalid_url', message: 'The address of this request is not valid' } });
    },
  });

  app.setValidatorCompiler(({ schema, httpPart }) => (data) => {
    // PostgreSQL cannot store a NUL character in text, and nothing should walk a 5,000-deep
    // array: both are refused here, before any handler, query or fingerprint sees them.
    const unstorable = findUnstorableInput(data);
    if (unstorable) return { error: new RequestValidationError([unstorable], httpPart ?? 'body') };
    const result = (schema as ZodType).safeParse(data);
    return result.success ? { value: result.data } : { error: new RequestValidationError(result.error.issues, httpPart ?? 'body') };
  });
  app.setSerializerCompiler(serializerCompiler);

  const trustedOrigins = [options.config.publicUrl, ...(options.extraTrustedOrigins ?? [])];
  const services = await buildServices(app, options, trustedOrigins);

  // First: every route registered after this is in the API's documentation.
  const routes = collectRoutes(app);
  registerErrorHandler(app);
  registerMetricsRoute(app, services.metrics, options.metricsToken);
  registerSecurityHeaders(app, { https: options.config.publicUrl.startsWith('https://') });
  registerOriginCheck(app, trustedOrigins);
  registerAccessGuard(app, services.sessions);

  await app.register(healthRoutes, services);
  await app.register(authRoutes, services);
  await app.register(twoFactorRoutes, services);
  await app.register(catalogueRoutes, services);
  await app.register(banksRoutes, services);
  await app.register(clearingRoutes, services);
  await app.register(loanIncomeFloorRoutes, services);
  await app.register(imagesRoutes, services);
  await app.register(usersRoutes, services);
  await app.register(staffRoutes, services);
  await app.register(preferencesRoutes, services);
  await app.register(trialBalanceRoutes, services);
  // The public site's modules.
  await app.register(contactRoutes, services);
  // Customer banking.
  await app.register(accountsRoutes, services);
  await app.register(depositsRoutes, services);
  await app.register(fixedDepositsRoutes, services);
  await app.register(depositSchemesRoutes, services);
  await app.register(transfersRoutes, services);
  await app.register(phoneNumberRoutes, services);
  await app.register(nameEnquiryRoutes, services);
  await app.register(paymentsRoutes, services);
  await app.register(cardsRoutes, services);
  await app.register(loansRoutes, services);
  await app.register(loanScheduleRoutes, services);
  await app.register(statementsRoutes, services);
  await app.register(taxCertificateRoutes, services);
  await app.register(savedReceiversRoutes, services);
  // The staff dashboard.
  await app.register(auditRoutes, services);
  await app.register(staffQueueRoutes, services);
  await app.register(serviceNoticesRoutes, services);
  await app.register(limitsRoutes, services);
  await app.register(exciseDutyRoutes, services);
  await app.register(interestTermsRoutes, services);
  await app.register(productRatesRoutes, services);
  await app.register(holidaysRoutes, services);
  await app.register(paymentOperationsRoutes, services);
  await app.register(dayCloseRoutes, services);
  await app.register(notificationsRoutes, services);
  await app.register(apiDocsRoutes, { routes, publicUrl: services.publicUrl, version: apiVersion });
  if (options.webRoot) await registerWebApp(app, options.webRoot);
  else registerJsonNotFound(app);

  // Annotated, not inferred: Fastify types its instance as a promise of a plain instance too, and
  // an async function's return would type it as that promise's value, without `services`.
  const built: App = Object.assign(app, { services });
  return built;
}

/**
 * The app's collaborators, each made once. Their stops go with the server's close; nothing here
 * reads the database yet (the catalogue's refreshes are started by start-up, once it is migrated).
 */
async function buildServices(app: FastifyInstance, options: AppOptions, trustedOrigins: string[]): Promise<AppServices> {
  const { db, authSecret } = options;
  const publicUrl = options.config.publicUrl;
  const auth = loadAuthOnFirstUse({ db, secret: authSecret, publicUrl, trustedOrigins, passwordHashing: options.passwordHashing });
  const metrics = await createMetrics(options.metricsToken, {
    poolStats: options.poolStats,
    outboxStats: () => mailOutboxStats(db),
    deferredNotices: () => deferredNoticeBacklog(db),
  });
  const rateLimiter = new RateLimiter(db, options.config.rateLimitMultiplier, (policy) => metrics.requestThrottled(policy.name));
  const imageStore = options.uploadStore === 'database' ? createDatabaseImageStore(db) : createFileImageStore(options.uploadsDir);
  const sessions = new Sessions(db, authSecret);
  const smsOutbox = createSmsOutbox(db, smsGatewayOf(options.config, app.log), app.log);
  app.addHook('onClose', async () => smsOutbox.stop());
  // A key of its own for SMS codes' hashes, derived from the server's secret: never the same key for two purposes.
  const smsCodeSecret = createHmac('sha256', authSecret).update('sms-code-hash').digest('hex');
  const secondFactor = new SecondFactor(db, auth, rateLimiter, app.log, { secret: smsCodeSecret, outbox: smsOutbox }, options.authenticatorTime);
  const catalogue = new CatalogueSnapshot(db, catalogueAreas);
  const notices = startNoticeExpander(db, app.log);
  app.addHook('onClose', async () => notices.stop());
  const clearing = await clearingServiceOf(app, options, notices);
  app.addHook('onClose', async () => clearing.close());
  return {
    db,
    batchDb: options.batchDb ?? db,
    auth,
    sessions,
    rateLimiter,
    metrics,
    secondFactor,
    catalogue,
    imageStore,
    notices,
    clearing,
    publicUrl,
    staffCredentialsPath: options.staffCredentialsPath,
    paymentsClock: options.paymentsClock,
  };
}

/**
 * The clearing house `CLEARING_URL` names, or one started in this process (record 071), which
 * delivers to this server through `app.inject`. Several instances behind one PostgreSQL would each
 * start their own switch and split the outbox between them: such a deployment names one.
 */
async function clearingServiceOf(app: FastifyInstance, options: AppOptions, notices: NoticeExpander): Promise<ClearingService> {
  const { config } = options;
  if (!config.clearingUrl && config.nodeEnv === 'production') app.log.warn('CLEARING_URL is not set: payments to other banks go to the simulated clearing house in this process');
  return createClearingService(
    { db: options.db, log: app.log, notices },
    {
      url: config.clearingUrl,
      key: config.clearingKey,
      mode: config.nodeEnv === 'production' ? 'production' : config.nodeEnv === 'test' ? 'test' : 'development',
      inboundUrl: `${config.publicUrl}${clearingInboundPath}`,
      deliver: embeddedDelivery(app),
      ...options.clearing,
    },
  );
}
