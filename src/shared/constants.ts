/** Limits and business constants shared by the server and the web app. Names carry their unit. */

export const passwordLengthMin = 12;
export const passwordLengthMax = 128;
export const nameLengthMin = 2;
export const nameLengthMax = 100;
export const freeTextLengthMax = 2_000;
export const emailLengthMax = 254;

export const uploadBytesMax = 5 * 1024 * 1024;
export const uploadMimeTypes = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export type UploadMimeType = (typeof uploadMimeTypes)[number];
/**
 * What a private document (the proof of income a loan rests on) may be: a scanned or photographed
 * page, or the PDF an employer or a utility sends. Same size limit as an image.
 */
export const documentMimeTypes = ['application/pdf', 'image/png', 'image/jpeg'] as const;
export type DocumentMimeType = (typeof documentMimeTypes)[number];
/** The papers a bank takes as proof of income: an employee's, a trader's, or a household's. */
export const loanDocumentKinds = ['salary-certificate', 'trade-licence', 'utility-bill'] as const;
export type LoanDocumentKind = (typeof loanDocumentKinds)[number];

export const accountTypeSlugs = ['student', 'savings', 'current', 'fixed'] as const;
export type AccountTypeSlug = (typeof accountTypeSlugs)[number];
export const cardTypeSlugs = ['debit', 'credit'] as const;
export type CardTypeSlug = (typeof cardTypeSlugs)[number];
export const loanTypeSlugs = ['car', 'student', 'home', 'personal'] as const;
export type LoanTypeSlug = (typeof loanTypeSlugs)[number];

/** Staff and customers differ only by this role on the better-auth user. */
export const staffRole = 'staff';
export const customerRole = 'user';

/** A session ends after this long without a request, for customers and staff alike. */
export const sessionIdleSeconds = 30 * 60;
/** A session ends this long after sign-in, however active: a stolen cookie is not good for ever. */
export const sessionLifetimeSeconds = 12 * 60 * 60;
/** The web app warns this long before a session ends, with a way to stay signed in. */
export const sessionWarningSeconds = 60;

/** Simple interest on the loan amount by duration (spec section 9). */
export const loanInterestPercentByMonths: Readonly<Record<number, number>> = { 12: 3, 18: 5, 24: 7 };
/**
 * The monthly income every loan type asks for until staff set its own, in BDT (what the catalogue's
 * words promise on a new database). Staff change it per loan type; the catalogue entry keeps it.
 */
export const loanMonthlyIncomeMinDefaultBdt = 50_000;
/** The highest income floor staff may set, in BDT: above it no applicant the bank serves would qualify. */
export const loanMonthlyIncomeMinCeilingBdt = 10_00_000;
/** One deposit request may announce at most 10,00,000 BDT; larger sums are arranged with the branch. */
export const depositRequestBdtMax = 1_000_000;
/** Requests waiting for staff on one account: enough for honest use, too few to flood the staff's queue. */
export const pendingDepositsPerAccountMax = 5;
/**
 * Account requests one customer may have waiting for staff at a time: a person opening a savings,
 * a current and a student account at once, and no more, so that no customer can flood the staff's
 * queue (each request also carries an identity document to check).
 */
export const pendingAccountRequestsPerCustomerMax = 3;
export const statementPageSizeMax = 200;
export const listPageSizeMax = 100;
/**
 * How deep into a staff list a page may start. Pages are cut with OFFSET along an index, so a
 * page costs the rows it skips, whatever the size of the table: the bound keeps the deepest page
 * at the cost of ten thousand index entries even when a list holds millions. Past 500 pages of
 * twenty a person narrows the list with a status or opens the account by its number instead.
 */
export const listOffsetMax = 10_000;
/**
 * How many requests one approval of several may name: more than a page of the dashboard's lists
 * (twenty), and few enough that the answer, item by item, comes back within a few seconds.
 */
export const bulkApprovalItemsMax = 50;
/** A staff member's reason for a decision, in characters: a sentence or two, not a letter. */
export const decisionReasonLengthMax = 500;

/** The card picture's size: the server draws it this size, and the web app reserves its room before it loads. */
export const cardImageWidthPx = 428;
export const cardImageHeightPx = 270;

/**
 * A statement for a date range covers at most this many calendar days (a leap year, both ends
 * counted): a longer history is asked for one year at a time, so one request reads a bounded
 * slice of the journal.
 */
export const statementRangeDaysMax = 366;
/** Lines one CSV or PDF statement may hold: several a day for a year; a busier account asks for a shorter range. */
export const statementFileLinesMax = 5_000;
/** Receivers one customer may keep: a family's and a small shop's regular payees, not a directory of the bank. */
export const savedReceiversPerCustomerMax = 50;
/** A saved receiver's nickname ("Ammu", "Landlord"), in characters: a short label on a phone-wide list. */
export const receiverNicknameLengthMax = 40;
/**
 * The smallest transfer, in BDT: what bKash and Nagad take for send-money. Below it a transfer
 * costs the sender nearly nothing and still makes the receiver's bank tell them about it, so
 * a few poisha at a time would be a cheap way to flood someone's inbox.
 */
export const transferAmountMinBdt = 10;
/**
 * A customer's first transfer to a receiver they never paid before, above this many BDT, will ask
 * for a second-factor code (step-up): the common shape of a scam is a large first payment to a new
 * receiver. 25,000 BDT = 25,00,000 poisha.
 */
export const newReceiverStepUpAboveBdt = 25_000;
/**
 * A staff list's search box (`?q=`), in characters: longer than any name, e-mail address or
 * account number a person would type, short enough that a pasted page of text is refused.
 */
export const listSearchLengthMax = 100;
/**
 * Transfer limits an account type has until staff set others: Bangladesh Bank caps an NPSB
 * transfer at 3,00,000 BDT and a day's NPSB transfers at 10,00,000 BDT, and a customer who is
 * used to those figures finds the same ones here. Staff change them per account type, two
 * people to a change (the dashboard's Limits page).
 */
export const transferLimitDefaultsBdt = { perTransfer: 300_000, perDay: 1_000_000 } as const;
/** The bank's name as customers read it, in each language (SMS codes, authenticator apps). */
export const bankNames = { en: 'Padma Bank', bn: 'পদ্মা ব্যাংক' } as const;
