import type { App } from '../app';
import type { SignedInUser } from '../modules/auth/signed-in-user';
import { multipartImage } from './test-app';
import { staffAuthenticator, staffAuthenticatorOfCookie } from './test-app';
import { freshTotpCode } from './two-factor';

export type Customer = { cookie: string; email: string; userId: string; image: string };

/** A registered customer as a service sees them once signed in: for tests that call a service without a request. */
export const signedInCustomer = (customer: Customer, name: string): SignedInUser => ({
  id: customer.userId,
  email: customer.email,
  name,
  image: customer.image,
  role: 'customer',
  mustChangePassword: false,
  language: 'en',
  twoFactorEnabled: false,
  staffAdministrator: false,
  phoneVerified: false,
});

/** A valid account request for the customer; override any field to test refusals. */
export function accountRequestBody(customer: Customer, overrides: Record<string, unknown> = {}) {
  return {
    role: 'Savings',
    user: 'Rahima Khatun',
    email: customer.email,
    phone: '+880 1712-345678',
    img: customer.image,
    status: 'pending',
    card: 'blank',
    gender: 'Female',
    residentialArea: 'Dhanmondi, Dhaka',
    permanentArea: 'Sadar, Rajshahi',
    nid: '1234567890',
    nomineeName: 'Karim Uddin',
    nomineeId: '9876543210',
    nomineeRelation: 'Brother',
    birthDate: '1990-05-17',
    amount: 0,
    ...overrides,
  };
}

export async function call(app: App, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie: string | undefined, payload?: unknown, headers: Record<string, string> = {}) {
  return app.inject({
    method,
    url,
    headers: { origin: app.services.publicUrl, ...(cookie ? { cookie } : {}), ...headers },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/**
 * The account holder's name is the profile's: a test that wants an account under another name
 * (`user` in the overrides) renames the customer first, as the customer would on the profile page.
 */
export async function requestAccount(app: App, customer: Customer, overrides: Record<string, unknown> = {}): Promise<string> {
  if (typeof overrides.user === 'string') {
    const renamed = await call(app, 'POST', '/api/auth/update-user', customer.cookie, { name: overrides.user });
    if (renamed.statusCode !== 200) throw new Error(`rename failed: ${renamed.body}`);
  }
  const response = await call(app, 'POST', '/api/requestedUsers', customer.cookie, accountRequestBody(customer, overrides));
  if (response.statusCode !== 200) throw new Error(`account request failed: ${response.body}`);
  return (response.json() as { insertedId: string }).insertedId;
}

export async function approveAccount(app: App, staffCookie: string, accountId: string): Promise<void> {
  const response = await call(app, 'PUT', `/api/userStatusUpdate/${accountId}`, staffCookie, {});
  if (response.statusCode !== 200) throw new Error(`approval failed: ${response.body}`);
}

/**
 * A staff member's request that may ask for a fresh code (an approval above 5,00,000 BDT, or one
 * that takes their payouts without a code past the hour's or the day's cap): answered as the web
 * app answers it, by sending the same request again with a code from their authenticator app.
 */
export async function callWithStepUp(app: App, method: 'PUT' | 'POST' | 'DELETE', url: string, staffCookie: string, body: unknown) {
  const first = await call(app, method, url, staffCookie, body);
  if (first.statusCode !== 403 || (first.json() as { error: { code: string } }).error.code !== 'second_factor_required') return first;
  const authenticator = staffAuthenticatorOfCookie(staffCookie) ?? staffAuthenticator();
  return call(app, method, url, staffCookie, body, { 'second-factor-code': await freshTotpCode(authenticator) });
}

/** Requests a deposit as the customer and has staff approve it: the account then holds `amountBdt`. */
export async function depositApproved(app: App, customer: Customer, staffCookie: string, accountId: string, amountBdt: number | string): Promise<string> {
  const request = await call(app, 'PUT', '/api/depositReq', customer.cookie, { accNum: accountId, depositAmount: amountBdt });
  if (request.statusCode !== 200) throw new Error(`deposit request failed: ${request.body}`);
  const depositId = (request.json() as { insertedId: string }).insertedId;
  const approval = await callWithStepUp(app, 'PUT', '/api/userDepositUpdate', staffCookie, { id: depositId, accNum: accountId });
  if (approval.statusCode !== 200) throw new Error(`deposit approval failed: ${approval.body}`);
  return depositId;
}

export async function openFundedAccount(app: App, customer: Customer, staffCookie: string, amountBdt: number, overrides: Record<string, unknown> = {}): Promise<string> {
  const accountId = await requestAccount(app, customer, overrides);
  await approveAccount(app, staffCookie, accountId);
  if (amountBdt > 0) await depositApproved(app, customer, staffCookie, accountId, amountBdt);
  return accountId;
}

export async function balanceOf(app: App, cookie: string, accountId: string): Promise<number> {
  const response = await call(app, 'GET', `/api/singleAccDetails/${accountId}`, cookie);
  if (response.statusCode !== 200) throw new Error(`account read failed: ${response.body}`);
  return (response.json() as { amount: number }).amount;
}

/** A staff decline's body: every decline of a waiting request names a reason from the shared list. */
export const declineBody = { reason: 'documents_incomplete' } as const;

/** A one-page PDF, as an employer's salary certificate arrives: the server knows it by its `%PDF-` start. */
export const salaryCertificatePdf = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 100]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** Uploads a customer's proof of income (a private document) and answers its address. */
export async function uploadIncomeDocument(app: App, cookie: string, bytes: Buffer = salaryCertificatePdf): Promise<string> {
  const { payload, headers } = multipartImage(bytes, { purpose: 'document' }, 'salary-certificate.pdf');
  const upload = await app.inject({ method: 'POST', url: '/api/images', payload, headers: { ...headers, cookie } });
  if (upload.statusCode !== 200) throw new Error(`document upload failed: ${upload.body}`);
  return (upload.json() as { data: { url: string } }).data.url;
}

/** Asks for a home loan of 1,00,000 BDT over 12 months on the account, with a salary certificate uploaded first. */
export async function requestLoan(app: App, customer: Customer, accountId: string): Promise<string> {
  const document = await uploadIncomeDocument(app, customer.cookie);
  const body = { loan: 'home', accNum: accountId, income: 80000, company: 'Meghna Textiles Ltd.', lAmount: 100000, lDuration: '12', document, documentKind: 'salary-certificate' };
  const response = await call(app, 'POST', '/api/loanReq', customer.cookie, body);
  if (response.statusCode !== 200) throw new Error(`loan request failed: ${response.body}`);
  return (response.json() as { insertedId: string }).insertedId;
}
