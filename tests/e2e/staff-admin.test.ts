import fs from 'node:fs';
import { and, desc, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { schema } from '../../src/server/db/client';
import { call } from '../../src/server/test-support/banking';
import { signInStaff } from '../../src/server/test-support/test-app';
import { freshTotpCode, type Authenticator } from '../../src/server/test-support/two-factor';
import { browserSuite } from '../support/browser-harness';

const suite = browserSuite();

/** Where the screens of this journey are saved, to be looked at (not compared). */
const shotsDir = process.env.STAFF_SHOTS_DIR;
async function shoot(page: Page, name: string): Promise<void> {
  if (!shotsDir) return;
  fs.mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: `${shotsDir}/${name}.png`, fullPage: true });
}

/** The link of the newest invitation e-mailed to `email`, as the invitee would click it. */
async function invitationMailedTo(email: string): Promise<string> {
  const [notice] = await suite.harness.database.db
    .select({ body: schema.emailNotice.body })
    .from(schema.emailNotice)
    .where(and(eq(schema.emailNotice.recipient, email), eq(schema.emailNotice.kind, 'staff-invitation')))
    .orderBy(desc(schema.emailNotice.createdAt));
  const link = /https?:\/\/\S+\/staffInvitation#token=\S+/.exec(notice?.body ?? '')?.[0];
  if (!link) throw new Error(`no invitation e-mailed to ${email}`);
  return link;
}

const toast = (page: Page, text: string) => expect.poll(() => page.getByRole('status').filter({ hasText: text }).count(), { timeout: 10_000 }).toBeGreaterThan(0);

describe('staff members managed in the dashboard', () => {
  it('an administrator invites a colleague, who sets a password and an authenticator and sees their own name; then the administrator disables them', async () => {
    const { baseUrl, harness } = suite;
    const email = `nasrin.${Date.now()}@bank.test`;
    const password = 'a new colleague passphrase 2026';

    const admin = await (await suite.newContext(1280, await signInStaff(harness.app))).newPage();
    admin.setDefaultTimeout(15_000);
    await admin.goto(`${baseUrl}/dashboard`);
    await admin.getByRole('link', { name: 'Staff', exact: true }).click();
    await admin.waitForURL(`${baseUrl}/dashboard/staff`);
    await expect.poll(() => admin.title()).toBe('Staff · Padma Bank');
    await admin.getByRole('button', { name: 'Send invitation' }).click();
    await expect.poll(() => admin.getByText('Name is required').count()).toBe(1);
    await admin.getByLabel('Name', { exact: true }).fill('Nasrin Sultana');
    await admin.getByLabel('E-mail', { exact: true }).fill(email);
    await admin.getByRole('button', { name: 'Send invitation' }).click();
    await toast(admin, `Invitation sent to ${email}`);
    const row = admin.getByTestId(`staff-${email}`);
    await expect.poll(() => row.getByText('Invited', { exact: true }).count()).toBe(1);
    expect(await row.getByText('by Bank Staff').count()).toBe(1);
    await shoot(admin, 'staff-page-1280-en');

    // The invitee opens the link from the e-mail on a phone.
    const link = await invitationMailedTo(email);
    expect(link.startsWith(baseUrl)).toBe(true);
    const phone = await (await suite.newContext(360)).newPage();
    phone.setDefaultTimeout(15_000);
    await phone.goto(link);
    await expect.poll(() => phone.url()).toBe(`${baseUrl}/staffInvitation`);
    await expect.poll(() => phone.getByText('Welcome, Nasrin Sultana.', { exact: false }).count()).toBe(1);
    await shoot(phone, 'accept-invitation-360-en');
    await phone.getByLabel('Password').fill(password);
    await phone.getByRole('button', { name: 'Set password' }).click();
    await expect.poll(() => phone.getByText('Your password is set').count()).toBe(1);
    // The link works once: opened again from the e-mail, it says so.
    const again = await phone.context().newPage();
    await again.goto(link);
    await expect.poll(() => again.getByText('This invitation was already accepted.', { exact: false }).count()).toBe(1);
    await again.close();
    await phone.getByRole('link', { name: 'Log in' }).click();
    await phone.getByLabel('Email address').fill(email);
    await phone.getByLabel('Password', { exact: true }).fill(password);
    await phone.getByRole('button', { name: 'Log in' }).last().click();
    // Staff without an authenticator reach nothing but its set-up.
    await phone.waitForURL(`${baseUrl}/twoFactor`);
    expect((await call(harness.app, 'GET', '/api/staffMembers', undefined)).statusCode).toBe(401);
    await phone.getByLabel('Password').fill(password);
    await phone.getByRole('button', { name: 'Turn on two-step verification' }).last().click();
    const secret = ((await phone.getByTestId('totp-secret').textContent()) ?? '').replace(/\s+/g, '');
    const authenticator: Authenticator = { secret, lastStep: 0 };
    await phone.getByLabel('6-digit code').fill(await freshTotpCode(authenticator));
    await phone.getByRole('button', { name: 'Turn on', exact: true }).click();
    await expect.poll(() => phone.getByTestId('two-factor-status').textContent()).toBe('Two-step verification is on.');
    await phone.goto(`${baseUrl}/dashboard`);
    await expect.poll(() => phone.getByTestId('signed-in-staff').textContent()).toContain('Signed in as Nasrin Sultana');
    // Not an administrator: no Staff page in the navigation.
    expect(await phone.getByRole('link', { name: 'Staff', exact: true }).count()).toBe(0);
    await shoot(phone, 'dashboard-invitee-360-en');
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // The administrator sees them active, and disables them: their phone is signed out at once.
    await admin.reload();
    await expect.poll(() => row.getByText('Active', { exact: true }).count()).toBe(1);
    await row.getByRole('button', { name: 'Disable Nasrin Sultana' }).click();
    await expect.poll(() => admin.getByRole('dialog').getByText('is signed out at once').count()).toBe(1);
    await admin.getByRole('dialog').getByRole('button', { name: 'Disable', exact: true }).click();
    await toast(admin, 'Nasrin Sultana is disabled and signed out');
    await expect.poll(() => row.getByText('Disabled', { exact: true }).count()).toBe(1);
    await shoot(admin, 'staff-page-disabled-1280-en');
    await phone.goto(`${baseUrl}/dashboard/cardRequest`);
    await phone.waitForURL(/\/logIn/);

    // In Bangla, on a phone.
    const bangla = await (await suite.newContext(360, await signInStaff(harness.app))).newPage();
    bangla.setDefaultTimeout(15_000);
    await bangla.goto(`${baseUrl}/dashboard/staff`);
    await bangla
      .getByRole('button', { name: /^বাংলা/ })
      .first()
      .click();
    await expect.poll(() => bangla.getByText('স্টাফ সদস্যকে আমন্ত্রণ').count()).toBe(1);
    await expect.poll(() => bangla.getByTestId(`staff-${email}`).getByText('নিষ্ক্রিয়', { exact: true }).count()).toBe(1);
    expect(await bangla.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await shoot(bangla, 'staff-page-360-bn');
    await bangla.setViewportSize({ width: 1280, height: 900 });
    await shoot(bangla, 'staff-page-1280-bn');
    await admin.setViewportSize({ width: 360, height: 740 });
    await shoot(admin, 'staff-page-360-en');

    // An invitation sent and opened in Bangla.
    const banglaEmail = `karim.${Date.now()}@bank.test`;
    await bangla.getByLabel('নাম', { exact: true }).fill('করিম হোসেন');
    await bangla.getByLabel('ই-মেইল', { exact: true }).fill(banglaEmail);
    await bangla.getByRole('button', { name: 'আমন্ত্রণ পাঠান' }).click();
    await toast(bangla, `${banglaEmail} ঠিকানায় আমন্ত্রণ পাঠানো হয়েছে`);
    const invitee = await bangla.context().newPage();
    await invitee.setViewportSize({ width: 360, height: 740 });
    await invitee.goto(await invitationMailedTo(banglaEmail));
    await expect.poll(() => invitee.getByText('স্বাগতম, করিম হোসেন।', { exact: false }).count()).toBe(1);
    await shoot(invitee, 'accept-invitation-360-bn');
    await invitee.setViewportSize({ width: 1280, height: 900 });
    await shoot(invitee, 'accept-invitation-1280-bn');
  });
});
