import cookieParser from 'cookie-parser';
import express, { type Express, type RequestHandler } from 'express';
import type { Config } from './config';
import type { Database } from './db/client';
import type { ReplicaSet } from './db/replicas';
import { addressRoutes } from './modules/accounts/address/routes';
import { awayRoutes } from './modules/accounts/away/routes';
import { createAwayService } from './modules/accounts/away/service';
import { createAddressService } from './modules/accounts/address/service';
import { accountsRoutes } from './modules/accounts/routes';
import { createAccountsService } from './modules/accounts/service';
import { federatedRoutes } from './modules/accounts/federated/routes';
import { createFederatedService } from './modules/accounts/federated/service';
import { forumLinkRoutes } from './modules/accounts/forum-link/routes';
import { createForumLinkService } from './modules/accounts/forum-link/service';
import { phoneRoutes } from './modules/accounts/phone/routes';
import { createPhoneService, isPhoneVerified, phoneVerifiedForSignup } from './modules/accounts/phone/service';
import { createKeptPages, keptPagesDoor } from './modules/discovery/kept-pages-door';
import { discoveryRoutes } from './modules/discovery/routes';
import { itemsRoutes } from './modules/items/routes';
import * as accountsRepo from './modules/accounts/repo';
import { findPurchase } from './modules/payments/repo';
import { paymentsRoutes, paymentWebhookRoutes } from './modules/payments/routes';
import { createPaymentsService } from './modules/payments/service';
import { notificationCounts } from './modules/notifications/counts';
import { notificationsRoutes } from './modules/notifications/routes';
import { blogRoutes } from './modules/blog/routes';
import { createBlogService } from './modules/blog/service';
import { chatRoutes } from './modules/chat/routes';
import { ratingsRoutes } from './modules/ratings/routes';
import { createRatingsService } from './modules/ratings/service';
import { wantsRoutes } from './modules/wants/routes';
import { createWantsService } from './modules/wants/service';
import { createChatService } from './modules/chat/service';
import { registerChatSocket } from './modules/chat/socket';
import { offersRoutes } from './modules/offers/routes';
import { createOffersService } from './modules/offers/service';
import { saverOffersRoutes } from './modules/saver-offers/routes';
import { createSaverOffersService } from './modules/saver-offers/service';
import { tradesRoutes } from './modules/trades/routes';
import { createTradesService } from './modules/trades/service';
import { ordersRoutes } from './modules/orders/routes';
import { createOrdersService } from './modules/orders/service';
import { tradePayRoutes } from './modules/trades/pay-routes';
import { createTradeSettlement } from './modules/trades/settlement';
import { createItemsService } from './modules/items/service';
import { itemPagePhoto } from './modules/items/page-photo';
import { createPriceDropNotices } from './modules/items/price-drop';
import { createDiscoveryService } from './modules/discovery/service';
import { healthRoutes } from './modules/health/routes';
import { newsRoutes } from './modules/news/routes';
import { createNewsService } from './modules/news/service';
import { photosRoutes } from './modules/photos/routes';
import { createPhotosService } from './modules/photos/service';
import { referenceRoutes } from './modules/reference/routes';
import { createReferenceService } from './modules/reference/service';
import { noStoreByDefault } from './platform/cache';
import { createCaptcha, type Captcha } from './adapters/captcha/captcha';
import { compressJson } from './platform/compression';
import { warnOnOtherHosts } from './platform/public-url';
import { errorMiddleware, notFoundApi } from './platform/errors';
import { createImgurClient, type ImgurClient } from './adapters/imgur/imgur';
import type { JobQueue } from './platform/jobs/job-queue';
import { createMailer, type Mailer } from './adapters/mail/mail';
import { registerMailWorker } from './adapters/mail/mail-queue';
import { createFacebookOAuth, type FacebookOAuth } from './adapters/oauth/facebook';
import { createGoogleVerifier, type GoogleVerifier } from './adapters/oauth/google';
import { createRedditClient, type RedditClient } from './adapters/oauth/reddit';
import { LOCAL_APPROVAL_FORM_PATHS, paymentProviderFromConfig, paymentStandInRoutes, type PaymentProvider } from './adapters/payment/index';
import { createSmsSender, type SmsSender } from './adapters/sms/sms';
import { storageFromConfig } from './adapters/storage/from-config';
import type { Storage } from './adapters/storage/storage';
import { createUploadsService } from './modules/uploads/service';
import { requestLogger, type Logger } from './platform/logger';
import type { RateLimits } from './platform/rate-limit';
import { createReadRouting } from './platform/read-routing';
import { RouteTable } from './platform/route-table';
import { securityHeaders } from './platform/security';
import { sessionSecret, withSessionIfSignedIn } from './platform/session';
import type { SessionViewer } from './platform/session-viewer';
import { staticRoutes } from './platform/static';
import { xsrfProtection, xsrfTokens } from './platform/xsrf';
import { attachHub, createRealtimeHub, type RealtimeHub } from './realtime/hub';

export interface AppDeps {
  config: Config;
  db: Database;
  /** Streaming replicas (DATABASE_REPLICA_URLS) for lag-tolerant public reads; without them every read is the primary's. */
  replicas?: ReplicaSet | undefined;
  logger: Logger;
  limits: RateLimits;
  /** express-session middleware; server.ts shares it with socket.io. */
  session: RequestHandler;
  /** Who is asking, for the public GETs (platform/session-viewer.ts); without it they read the full session. */
  sessionViewer?: SessionViewer;
  /** The job queue (platform/jobs): modules queue work and register their handlers; the caller starts it after createApp. */
  jobs: JobQueue;
  /** The built SPA to serve, when there is one. */
  webDistDir?: string | undefined;
  /** Adapters; tests pass their own pointed at local fakes. Defaults: outbox mail, the bucket or local disk (S3_BUCKET), bot check per config. */
  mailer?: Mailer;
  storage?: Storage;
  captcha?: Captcha;
  /** Defaults built from config: the providers when configured (else their routes answer 404), SMS to the outbox unless Twilio is set. */
  google?: GoogleVerifier;
  facebook?: FacebookOAuth;
  reddit?: RedditClient;
  sms?: SmsSender;
  /** Imgur albums; unconfigured, a stand-in that knows no album. */
  imgur?: ImgurClient;
  /** PayPal Orders v2 when configured, else the local stand-in with its approval page (adapters/payment). */
  payments?: PaymentProvider;
  /** Pushes to users' sockets; server.ts attaches socket.io to it (realtimeHubOf). Default: a new hub. */
  hub?: RealtimeHub;
  /** True once server.ts is shutting down: the health check then fails while requests are still served. */
  draining?: () => boolean;
}

/** Builds the whole HTTP app without listening, so tests drive it through supertest. */
export function createApp(deps: AppDeps): Express {
  const { config, db } = deps;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  app.set('query parser', 'simple');
  // No ETag on API answers: hashing every JSON body costs each request CPU, and lists and sessions are not
  // re-requested conditionally. Static files keep their own ETags (express.static / sendFile).
  app.set('etag', false);

  const https = config.publicUrl?.startsWith('https:') ?? false;
  app.use(requestLogger(deps.logger));
  app.use(warnOnOtherHosts(config, deps.logger));
  app.use(securityHeaders({ https, imageOrigins: config.s3?.publicUrl ? [new URL(config.s3.publicUrl).origin] : [] }));
  // Issue 37: the signed-out first pages, kept a moment, are sent again here without crossing the API's path.
  const keptPages = createKeptPages(config.firstPageCacheMs);
  const xsrf = xsrfTokens(sessionSecret(config));
  if (config.firstPageCacheMs > 0) app.use(keptPagesDoor(keptPages, xsrf));

  const { jobs } = deps;
  registerMailWorker(jobs, deps.mailer ?? createMailer(config), config.dataDir);
  const storage = deps.storage ?? storageFromConfig(config, deps.logger);
  const uploads = createUploadsService({ db, jobs, storage, logger: deps.logger });
  jobs.handle('upload-orphan', async () => {
    await uploads.sweepOrphans();
  });
  const captcha = deps.captcha ?? createCaptcha(config);
  const hub = deps.hub ?? createRealtimeHub(deps.logger);
  attachHub(app, hub);
  const accounts = createAccountsService({
    db,
    config,
    jobs,
    captcha,
    limits: deps.limits,
    phoneVerifiedForSignup: (email) => phoneVerifiedForSignup(db, email),
    signedOutEverywhere: (userId) => hub.closeSockets({ userId }),
    // Bound late (offers and trades are built below): a removal closes what was only proposed, the other side told.
    deals: {
      async closeProposed(tx, _userId, listings) {
        const moved: string[] = [];
        for (const listing of listings) moved.push(...(await offers.settle(tx, listing.id, listing.name, null)));
        moved.push(...(await trades.closeTradesForItems(tx, listings.map((l) => l.id), 'item_removed')));
        return moved;
      },
      countsMoved: (userIds) => offers.countsMoved([...new Set(userIds)]),
    },
  });
  jobs.handle('removed-ship-to', (payload) => accounts.eraseShipToJob(payload));
  const federated = createFederatedService({
    db,
    config,
    google: deps.google ?? createGoogleVerifier(config),
    facebook: deps.facebook ?? createFacebookOAuth(config),
  });
  const forumLink = createForumLinkService({ db, config, reddit: deps.reddit ?? createRedditClient(config) });
  const address = createAddressService(db);
  const away = createAwayService({ db, jobs });
  jobs.handle('away-return', (payload) => away.returnJob(payload));
  const phone = createPhoneService({ db, config, sms: deps.sms ?? createSmsSender(config), limits: deps.limits });
  const offers = createOffersService({ db, config, jobs, limits: deps.limits, notifyCounts: (userId) => hub.notifyCounts(userId) });
  const chat = createChatService({ db, config, jobs, limits: deps.limits, hub });
  jobs.handle('message-mail', (payload) => chat.mailJob(payload));
  hub.onSocket((socket, userId) => registerChatSocket(socket, userId, { chat, logger: deps.logger }));
  const countsOf = (userId: string) => notificationCounts(db, userId);
  hub.countsFrom(countsOf);
  jobs.handle('offer-expiry', (payload) => offers.expireJob(payload));
  jobs.handle('offer-expiry-warning', (payload) => offers.warnJob(payload));
  // settle: bound late, the settlement (the trade's two orders) is built with the orders below.
  const trades = createTradesService({ db, config, jobs, limits: deps.limits, notifyCounts: (userId) => hub.notifyCounts(userId), settle: (tx, tradeId) => settlement.settle(tx, tradeId), announceSettled: (tradeId) => settlement.announceSettled(tradeId) });
  jobs.handle('trade-expiry', (payload) => trades.expireJob(payload));
  const saverOffers = createSaverOffersService({ db, config, jobs, hub, offers });
  jobs.handle('saver-offer-sent', (payload) => saverOffers.sentJob(payload));
  jobs.handle('saver-offer-gone', (payload) => saverOffers.goneJob(payload));
  const items = createItemsService({
    db,
    config,
    jobs,
    limits: deps.limits,
    offers,
    trades,
    emailConfirmed: async (userId) => (await accounts.verified(userId)).didConfirmEmail,
    phoneVerified: (userId) => isPhoneVerified(db, userId),
    awardKarma: (userId, amount, itemId) => accounts.awardKarma(userId, 'listing', amount, itemId),
    saverOfferStatus: (itemId) => saverOffers.ownerStatus(itemId),
  });
  jobs.handle('seller-listed', (payload) => items.sellerListedJob(payload));
  const priceDrops = createPriceDropNotices({ db, config, jobs, hub });
  jobs.handle('price-drop-notice', (payload) => priceDrops.noticeJob(payload));
  const wants = createWantsService({ db, config, jobs, hub });
  jobs.handle('want-match', (payload) => wants.matchJob(payload));
  jobs.handle('want-alerts', (payload) => wants.alertsJob(payload));
  jobs.handle('want-digest', (payload, job) => wants.digestJob(payload, job));
  jobs.handle('want-expiry-warning', (payload) => wants.expiryWarningJob(payload));
  const news = createNewsService({ db, config, jobs, logger: deps.logger });
  jobs.handle('updates-mail', (payload) => news.updatesJob(payload));
  const paymentProvider = deps.payments ?? paymentProviderFromConfig(config, db);
  const orders = createOrdersService({
    db,
    config,
    jobs,
    logger: deps.logger,
    provider: paymentProvider,
    hub,
    chat,
    isAdmin: async (userId) => (await accounts.adminStatusOf(userId)).p,
    // Bound late: the settlement opens orders, and a trade's received order may complete its trade.
    tradeReceived: (tx, orderId) => settlement.orderReceived(tx, orderId),
  });
  const settlement = createTradeSettlement({ db, config, jobs, hub, orders });
  jobs.handle('order-deadline', (payload) => orders.deadlineJob(payload));
  jobs.handle('order-tracking-sync', (payload) => orders.trackingSyncJob(payload));
  const payments = createPaymentsService({
    db,
    config,
    jobs,
    logger: deps.logger,
    provider: paymentProvider,
    offers,
    trades,
    orders,
    settlement,
    awardKarma: (tx, award) => accountsRepo.awardKarma(tx, award),
  });
  jobs.handle('payment-reconcile', ({ purchaseId, captureCheck }) => payments.reconcile(purchaseId, { captureCheck }));
  jobs.afterStart(() => payments.recoverStrandedCaptures());
  jobs.handle('payment-webhook', ({ eventId }) => payments.applyWebhook(eventId));
  if (paymentProvider.name === 'local' && config.env === 'production') {
    deps.logger.warn('PayPal is not configured (PAYPAL_CLIENT_ID): payments go through the local stand-in and move no money');
  }
  const photos = createPhotosService({ uploads, imgur: deps.imgur ?? createImgurClient(config), limits: deps.limits, config });
  // Every /api route is declared in a module's routes.ts and served through this table, which adds the access
  // check and the input guard; the access-matrix and fuzz tests enumerate it (routeTableOf).
  // Which database a read runs on is chosen where the routes call a service: public lists through
  // reads.publicReads(...).read, everything else on the primary (platform/read-routing.ts).
  const reads = createReadRouting(db, deps.replicas);
  const table = new RouteTable({
    isAdmin: async (userId) => (await accounts.adminStatusOf(userId)).p,
    ...(deps.replicas ? { rememberWrite: reads.rememberWrite } : {}),
  });
  table.attachTo(app);
  const api = express.Router();
  const jsonBody = express.json({ limit: config.bodyLimit });
  api.use(noStoreByDefault);
  api.use(compressJson());
  // The provider's webhook carries no cookie and no XSRF token: its signature is checked instead.
  api.use(table.router(paymentWebhookRoutes({ payments, bodyLimit: config.bodyLimit })));
  api.use(cookieParser());
  api.use(xsrfProtection(xsrf, { formPaths: LOCAL_APPROVAL_FORM_PATHS }));
  // The lists are the busiest calls; routed first so they skip the body parsers (their one POST parses its own)
  // and matching every other route. They only read who is asking, so a request without a session cookie skips
  // making a session (withSessionIfSignedIn).
  // The viewer's hearts (savedAmong) always come from the primary: they are the viewer's own writes.
  const discovery = reads.publicReads((reader) =>
    createDiscoveryService(reader, {
      savedAmong: (userId, itemIds) => items.savedAmong(userId, itemIds),
    }),
  );
  api.use(withSessionIfSignedIn(deps.session, table.router(discoveryRoutes(discovery, { jsonBody, firstPageCacheMs: config.firstPageCacheMs, kept: keptPages })), deps.sessionViewer));
  api.use(jsonBody);
  api.use(express.urlencoded({ extended: false, limit: config.bodyLimit }));
  // The item page is the next busiest call, mostly from signed-out visitors: routed before the other modules'
  // routes, and like the lists without making a session nobody will keep. No item route writes the session.
  api.use(withSessionIfSignedIn(deps.session, table.router(itemsRoutes({ items })), deps.sessionViewer));
  api.use(table.router(healthRoutes(db, deps.draining)));
  api.use(table.router(referenceRoutes(createReferenceService(db))));
  // Before the full session: the stand-in's approval page stands for PayPal's, which knows its payer. It only reads
  // who is signed in (to fill the address form with their saved address), so it makes no session for anyone.
  // Issue 36: the page shows an address only to the purchase's buyer, and asks one for a shipped item (not a trade's cash).
  const payerOf = async (purchaseId: string) => {
    const p = await findPurchase(db, purchaseId);
    return p ? { buyerId: p.buyerId, ships: p.tradeId === null } : undefined;
  };
  api.use(withSessionIfSignedIn(deps.session, table.router(paymentStandInRoutes(paymentProvider, { savedAddress: address.savedAddress, payerOf }))));
  api.use(deps.session);
  api.use(table.router(accountsRoutes({ accounts, limits: deps.limits, uploads, config, sessionEnded: (sessionId) => hub.closeSockets({ sessionId }) })));
  api.use(table.router(federatedRoutes({ federated, limits: deps.limits })));
  api.use(table.router(forumLinkRoutes({ forumLink, limits: deps.limits })));
  api.use(table.router(phoneRoutes({ phone })));
  api.use(table.router(addressRoutes({ address, limits: deps.limits })));
  api.use(table.router(awayRoutes({ away })));
  api.use(table.router(photosRoutes({ photos, limits: deps.limits })));
  api.use(table.router(offersRoutes({ offers })));
  api.use(table.router(saverOffersRoutes({ saverOffers, sellerOf: (itemId) => items.sellerOf(itemId) })));
  api.use(table.router(tradesRoutes({ trades })));
  api.use(table.router(paymentsRoutes({ payments, config })));
  api.use(table.router(tradePayRoutes({ payments, settlement, config })));
  api.use(table.router(ordersRoutes({ orders })));
  api.use(table.router(chatRoutes({ chat })));
  const blog = reads.publicReads((reader) => createBlogService({ db: reader, uploads, limits: deps.limits, isAdmin: async (userId) => (await accounts.adminStatusOf(userId)).p }));
  api.use(table.router(blogRoutes({ blog })));
  api.use(table.router(ratingsRoutes(createRatingsService({ db, config, jobs }))));
  api.use(table.router(wantsRoutes({ wants })));
  api.use(table.router(notificationsRoutes(countsOf)));
  api.use(table.router(newsRoutes({ news })));
  api.use(notFoundApi);
  api.use(errorMiddleware);
  app.use('/api', api);
  // After the API, so API calls never pay for the SPA's file lookups (a stat per request).
  app.use(staticRoutes({ uploadsDir: config.uploadsDir, webDistDir: deps.webDistDir, storage, uploadsPublicUrl: config.s3?.publicUrl, itemPhoto: itemPagePhoto(db) }));

  app.use(errorMiddleware);
  return app;
}
