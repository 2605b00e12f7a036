// Fills a running server with a realistic customer through the real HTTP API, for looking at
// screens: node --import tsx scripts/demo-data.ts http://localhost:3000
// Needs STAFF_EMAIL and STAFF_PASSWORD of a staff user of that server. Prints the customer's cookie.
const base = process.argv[2] ?? 'http://localhost:3000';
const staffEmail = process.env.STAFF_EMAIL;
const staffPassword = process.env.STAFF_PASSWORD;
if (!staffEmail || !staffPassword) throw new Error('set STAFF_EMAIL and STAFF_PASSWORD');

const onePixelPng = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

async function send(method: string, path: string, cookie: string, body?: unknown) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { origin: base, cookie, ...(body instanceof FormData || body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  const setCookie = response.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  return { json: text ? JSON.parse(text) : null, cookie: setCookie };
}

async function upload(cookie: string, purpose: 'avatar' | 'document'): Promise<string> {
  const form = new FormData();
  form.append('purpose', purpose);
  form.append('image', new Blob([onePixelPng], { type: 'image/png' }), 'photo.png');
  return (await send('POST', '/api/images', cookie, form)).json.data.url;
}

async function signUp(name: string, email: string): Promise<string> {
  const image = await upload('', 'avatar');
  const { cookie } = await send('POST', '/api/auth/sign-up/email', '', { name, email, password: 'demo passphrase for screens', image });
  return cookie;
}

const staff = (await send('POST', '/api/auth/sign-in/email', '', { email: staffEmail, password: staffPassword })).cookie;
const stamp = Date.now();
const customers = [
  { name: 'Rahima Khatun', email: `rahima.${stamp}@example.com`, role: 'Savings', deposit: 125000 },
  { name: 'Tanvir Ahmed', email: `tanvir.${stamp}@example.com`, role: 'Current', deposit: 48000 },
];
const opened: Array<{ cookie: string; accountId: string; name: string; role: string }> = [];
for (const customer of customers) {
  const cookie = await signUp(customer.name, customer.email);
  const image = await upload(cookie, 'avatar');
  const account = await send('POST', '/api/requestedUsers', cookie, {
    role: customer.role,
    user: customer.name,
    email: customer.email,
    phone: '+8801712345678',
    img: image,
    gender: 'Female',
    residentialArea: 'Dhanmondi, Dhaka',
    permanentArea: 'Sadar, Rajshahi',
    nid: '1990123456789',
    nomineeName: 'Karim Uddin',
    nomineeId: '9876543210',
    nomineeRelation: 'Brother',
    birthDate: '1990-05-17',
  });
  const accountId = account.json.insertedId as string;
  await send('PUT', `/api/userStatusUpdate/${accountId}`, staff, {});
  const deposit = await send('PUT', '/api/depositReq', cookie, { accNum: accountId, depositAmount: customer.deposit });
  await send('PUT', '/api/userDepositUpdate', staff, { id: deposit.json.insertedId });
  opened.push({ cookie, accountId, name: customer.name, role: customer.role });
}
const [rahima, tanvir] = opened as [(typeof opened)[number], (typeof opened)[number]];
await send('PUT', '/api/userMoneyTrans', rahima.cookie, { id: rahima.accountId, confirmedName: tanvir.name, accNum: tanvir.accountId, sendAmount: 15250.5 });
const card = await send('POST', '/api/cardsReq', rahima.cookie, { card: 'debit', accNum: rahima.accountId });
await send('PUT', '/api/dashCardDebit', staff, { id: card.json.insertedId });
const passport = await upload(rahima.cookie, 'document');
const loan = await send('POST', '/api/loanReq', rahima.cookie, {
  loan: 'home',
  accNum: rahima.accountId,
  income: 85000,
  company: 'Meghna Textiles Ltd.',
  lAmount: 500000,
  lDuration: '18',
  passport,
  evidence: 'https://example.com/employment-letter.pdf',
});
await send('PUT', '/api/userLoanUpdate', staff, { id: loan.json.insertedId });
await send('PUT', '/api/lInfoUpdate', rahima.cookie, { id: loan.json.insertedId, accNum: rahima.accountId, amount: 25000 });
await send('PUT', '/api/depositReq', tanvir.cookie, { accNum: tanvir.accountId, depositAmount: 5000 });
console.log(JSON.stringify({ customerCookie: rahima.cookie, accountId: rahima.accountId, loanId: loan.json.insertedId, staffCookie: staff, otherAccount: tanvir.accountId }));
export {};
