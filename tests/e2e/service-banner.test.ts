import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { instantToDhaka } from '../../src/shared/dates';
import { schema } from '../../src/server/db/client';
import { call } from '../../src/server/test-support/banking';
import { registerCustomer, signInStaff, staffAuthenticator } from '../../src/server/test-support/test-app';
import { freshTotpCode } from '../../src/server/test-support/two-factor';
import { browserSuite } from '../support/browser-harness';
import { inBangla, snap } from '../support/screenshots';

const suite = browserSuite();

const bannerText = (page: Page) =>
  page
    .getByTestId('service-banner')
    .textContent({ timeout: 1_000 })
    .catch(() => null);

/** Another member of staff, signed in with their authenticator app as every member of staff is: publishing takes two. */
async function colleague(name: string): Promise<{ cookie: string; email: string }> {
  const person = await registerCustomer(suite.harness.app, { name });
  await suite.harness.database.db.update(schema.user).set({ role: 'staff' }).where(eq(schema.user.id, person.userId));
  return { cookie: await signInStaff(suite.harness.app, { email: person.email, password: person.password }), email: person.email };
}

describe('the service banner', () => {
  it('shows a notice one member of staff proposes only once another approves it with a code, in the reader’s language, dismissible, and gone when one ends it', async () => {
    const staffA = await signInStaff(suite.harness.app);
    const staffB = await colleague('Nasrin Sultana');
    const pageA = await (await suite.newContext(1280, staffA)).newPage();
    pageA.setDefaultTimeout(15_000);
    await pageA.goto(`${suite.baseUrl}/dashboard/banner`);
    await pageA.getByRole('button', { name: 'Propose notice' }).click();
    await expect.poll(() => pageA.getByText('English text is required').count()).toBe(1);
    await pageA.getByLabel('Kind').selectOption('outage');
    await pageA.getByLabel('Text in English').fill('Card payments are failing; cash withdrawals work.');
    await pageA.getByLabel('Text in Bangla').fill('কার্ডে লেনদেন হচ্ছে না; নগদ উত্তোলন চালু আছে।');
    await pageA.getByLabel('Starts (Dhaka time)').fill(instantToDhaka(new Date(Date.now() - 60_000)));
    await pageA.getByLabel('Ends (Dhaka time)').fill(instantToDhaka(new Date(Date.now() + 3_600_000)));
    await pageA.getByRole('button', { name: 'Propose notice' }).click();
    const proposalOfA = pageA.getByTestId('notice-proposal');
    await expect.poll(() => proposalOfA.count()).toBe(1);
    // The proposer may withdraw it, never approve it.
    expect(await proposalOfA.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    expect(await proposalOfA.getByText('Another member of staff must approve').count()).toBe(1);
    expect(await proposalOfA.getByText('Proposed by you').count()).toBe(1);
    await snap(pageA, 'service-notices-proposed-1280-en');

    // Nothing shows on the public site yet.
    const visitor = await (await suite.newContext(360)).newPage();
    await visitor.goto(`${suite.baseUrl}/`);
    await visitor.waitForLoadState('networkidle');
    expect(await visitor.getByTestId('service-banner').count()).toBe(0);

    // Staff B, on a phone, reads both texts and approves with a fresh code from their app.
    const pageB = await (await suite.newContext(360, staffB.cookie)).newPage();
    pageB.setDefaultTimeout(15_000);
    await pageB.goto(`${suite.baseUrl}/dashboard/banner`);
    const proposalOfB = pageB.getByTestId('notice-proposal');
    await expect.poll(() => proposalOfB.getByText('Proposed by').textContent()).toMatch(/^Proposed by /);
    await snap(pageB, 'service-notices-pending-360-en');
    await proposalOfB.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => pageB.getByRole('dialog').getByText('কার্ডে লেনদেন হচ্ছে না; নগদ উত্তোলন চালু আছে।').count()).toBe(1);
    await snap(pageB, 'service-notices-approve-360-en');
    await pageB.getByRole('button', { name: 'Approve and publish' }).click();
    const prompt = pageB.getByTestId('step-up-prompt');
    await prompt.getByLabel('6-digit code').fill(await freshTotpCode(staffAuthenticator(staffB.email)));
    await prompt.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => pageB.getByText('Notice approved: it shows from its start').count()).toBe(1);
    await expect.poll(() => proposalOfB.getByText('Approved by Nasrin Sultana').count()).toBe(1);
    await inBangla(pageB);
    await expect.poll(() => pageB.getByText('প্রকাশিত নোটিশ').count()).toBe(1);
    await snap(pageB, 'service-notices-approved-360-bn');

    // The visitor's browser may keep the empty answer it had for up to five seconds (its cache time).
    await expect
      .poll(
        async () => {
          await visitor.reload();
          return bannerText(visitor);
        },
        { timeout: 20_000, interval: 1_000 },
      )
      .toContain('Service disruption: Card payments are failing; cash withdrawals work.');
    await snap(visitor, 'banner-360-en');
    await visitor
      .getByRole('button', { name: /^বাংলা/ })
      .first()
      .click();
    await expect.poll(() => bannerText(visitor), { timeout: 15_000 }).toContain('সেবায় বিঘ্ন: কার্ডে লেনদেন হচ্ছে না; নগদ উত্তোলন চালু আছে।');
    await snap(visitor, 'banner-360-bn');

    // Dismissed for this visit; a new visit (another tab's session) shows it again.
    await visitor.getByRole('button', { name: 'নোটিশটি বন্ধ করুন' }).click();
    await expect.poll(() => visitor.getByTestId('service-banner').count()).toBe(0);
    await visitor.goto(`${suite.baseUrl}/contactUs`);
    await visitor.waitForTimeout(1_000);
    expect(await visitor.getByTestId('service-banner').count()).toBe(0);
    const nextVisit = await (await suite.newContext(1280)).newPage();
    await nextVisit.goto(`${suite.baseUrl}/logIn`);
    await expect.poll(() => bannerText(nextVisit), { timeout: 15_000 }).toContain('Card payments are failing');
    await snap(nextVisit, 'banner-1280-en');

    // Taking it down takes one person: staff A ends it alone.
    await inBangla(pageA);
    await expect.poll(() => pageA.getByText('অনুমোদন করেছেন Nasrin Sultana').count()).toBe(1);
    await snap(pageA, 'service-notices-approved-1280-bn');
    await pageA.getByRole('button', { name: 'এখনই শেষ করুন' }).click();
    await expect.poll(() => pageA.getByText('শেষ হয়েছে', { exact: true }).count()).toBe(1);
    // Browsers may keep the answer five seconds.
    await nextVisit.waitForTimeout(5_500);
    await nextVisit.reload();
    await nextVisit.waitForTimeout(1_500);
    expect(await nextVisit.getByTestId('service-banner').count()).toBe(0);
  }, 120_000);

  it('declines a proposal with a reason the proposer reads, and shows nothing', async () => {
    const staffA = await signInStaff(suite.harness.app);
    const staffC = await colleague('Tanvir Ahmed');
    const proposed = await call(suite.harness.app, 'POST', '/api/serviceNoticeProposals', staffA, {
      kind: 'maintenance',
      textEn: 'Internet banking pauses tonight for upgardes.',
      textBn: 'আজ রাতে ইন্টারনেট ব্যাংকিং বন্ধ থাকবে।',
      startsAt: instantToDhaka(new Date(Date.now() + 3_600_000)),
      endsAt: instantToDhaka(new Date(Date.now() + 7_200_000)),
    });
    expect(proposed.statusCode, proposed.body).toBe(200);
    const pageC = await (await suite.newContext(1280, staffC.cookie)).newPage();
    pageC.setDefaultTimeout(15_000);
    await pageC.goto(`${suite.baseUrl}/dashboard/banner`);
    const row = pageC.getByTestId('notice-proposal').filter({ hasText: 'upgardes' });
    await row.getByRole('button', { name: 'Decline' }).click();
    await pageC.getByRole('button', { name: 'Decline notice' }).click();
    await expect.poll(() => pageC.getByText('Say why the notice is declined').count()).toBe(1);
    await pageC.getByRole('dialog').getByLabel('Reason').fill('Spelling: "upgardes"');
    await pageC.getByRole('button', { name: 'Decline notice' }).click();
    await expect.poll(() => pageC.getByText('Notice declined').count()).toBe(1);
    await expect.poll(() => row.getByText('Reason: Spelling: "upgardes"').count()).toBe(1);
    await snap(pageC, 'service-notices-declined-1280-en');
    const visitor = await (await suite.newContext(1280)).newPage();
    await visitor.goto(`${suite.baseUrl}/`);
    await visitor.waitForLoadState('networkidle');
    expect((await bannerText(visitor)) ?? '').not.toContain('upgardes');
  }, 60_000);

  it('goes at its end without a reload', async () => {
    const staffA = await signInStaff(suite.harness.app);
    const staffD = await colleague('Shapla Khatun');
    // The code first: waiting for one must not eat into the notice's few seconds.
    const code = await freshTotpCode(staffAuthenticator(staffD.email));
    const ends = new Date(Date.now() + 12_000);
    const endsAt = instantToDhaka(ends) + ':' + String(ends.getUTCSeconds()).padStart(2, '0');
    const proposed = await call(suite.harness.app, 'POST', '/api/serviceNoticeProposals', staffA, {
      kind: 'maintenance',
      textEn: 'Statements are being upgraded.',
      textBn: 'হিসাব বিবরণী হালনাগাদ হচ্ছে।',
      startsAt: instantToDhaka(new Date(Date.now() - 60_000)),
      endsAt,
    });
    expect(proposed.statusCode, proposed.body).toBe(200);
    const approved = await call(suite.harness.app, 'PUT', `/api/serviceNoticeProposals/${proposed.json().insertedId}/approve`, staffD.cookie, {}, { 'second-factor-code': code });
    expect(approved.statusCode, approved.body).toBe(200);
    const visitor = await (await suite.newContext(1280)).newPage();
    await visitor.goto(`${suite.baseUrl}/`);
    await expect.poll(() => bannerText(visitor), { timeout: 10_000 }).toContain('Planned maintenance: Statements are being upgraded.');
    await expect.poll(() => visitor.getByTestId('service-banner').count(), { timeout: 20_000 }).toBe(0);
  });
});
