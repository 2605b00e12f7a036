import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { schema } from '../../src/server/db/client';

import { browserSuite } from '../support/browser-harness';

const suite = browserSuite();

async function openPage(path: string, options: { width?: number; reducedMotion?: boolean } = {}): Promise<Page> {
  const page = await suite.browser.newPage({ viewport: { width: options.width ?? 1280, height: 900 }, reducedMotion: options.reducedMotion ? 'reduce' : 'no-preference' });
  // A step that cannot finish fails with its own name instead of the whole test timing out.
  page.setDefaultTimeout(15_000);
  await page.goto(`${suite.baseUrl}${path}`);
  return page;
}

describe('the public site', () => {
  it('renders every information page with its heading and tab title', async () => {
    const pages: Array<[string, string]> = [
      ['/terms&Conditions', 'Terms & Conditions'],
      ['/faq', 'FAQ'],
      ['/accessibility', 'Accessibility Statement'],
      ['/privacy', 'Privacy & Policy'],
      ['/legalInformation', 'Legal Information'],
      ['/securityInformation', 'Security Information'],
      ['/careers', 'Careers'],
      ['/customerReviews', 'Customer Reviews'],
      ['/aboutus', 'About Us'],
      ['/contactUs', 'Contact Us'],
      ['/contactus', 'Contact Us'],
    ];
    const page = await openPage('/');
    for (const [path, heading] of pages) {
      await page.goto(`${suite.baseUrl}${path}`);
      await expect.poll(() => page.getByRole('heading', { level: 1, name: heading, exact: true }).count(), { message: path }).toBe(1);
      await expect.poll(() => page.title(), { message: path }).toBe(`${heading} · Padma Bank`);
    }

    await page.goto(`${suite.baseUrl}/terms&Conditions`);
    await expect.poll(() => page.locator('main section h2').count()).toBe(10);
    expect(await page.getByText('at least 30 days’ notice of any material change').count()).toBe(1);

    await page.goto(`${suite.baseUrl}/faq`);
    const questions = page.locator('main details');
    await expect.poll(() => questions.count()).toBe(6);
    const answer = page.getByText('We charge simple interest on the amount you borrow');
    expect(await answer.isVisible()).toBe(false);
    await page.getByText('How is loan interest calculated?').click();
    await expect.poll(() => answer.isVisible()).toBe(true);

    await page.goto(`${suite.baseUrl}/careers`);
    await expect.poll(() => page.getByRole('heading', { level: 3 }).count()).toBe(3);
    await page.goto(`${suite.baseUrl}/customerReviews`);
    await expect.poll(() => page.locator('main blockquote').count()).toBe(2);
    await page.goto(`${suite.baseUrl}/aboutus`);
    await expect.poll(() => page.getByText('founded in 2023', { exact: false }).count()).toBeGreaterThan(0);
    await page.close();
  });

  it('keeps a menu the visitor opened on the pre-rendered page open once the app takes over', async () => {
    const page = await suite.browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.setDefaultTimeout(15_000);
    // The app's code is held back, as on a slow phone: the tap lands on the pre-rendered markup.
    let holding = true;
    const heldScripts: Array<() => Promise<void>> = [];
    await page.route(/\.js$/, (route) => (holding ? heldScripts.push(() => route.continue()) : route.continue()));
    // Module scripts hold back DOMContentLoaded: the page is read as soon as its markup is in.
    await page.goto(`${suite.baseUrl}/`, { waitUntil: 'commit' });
    const sidebar = page.locator('#main-navigation');
    await sidebar.getByText('Accounts', { exact: true }).click();
    expect(await sidebar.locator('details[open]').count()).toBe(1);
    expect(await sidebar.getByRole('link', { name: 'Savings Account' }).count()).toBe(0);

    holding = false;
    await Promise.all(heldScripts.map((release) => release()));
    await expect.poll(() => sidebar.getByRole('link', { name: 'Savings Account' }).count(), { timeout: 15_000 }).toBe(1);
    expect(await sidebar.locator('details[open]').count()).toBe(1);
    await page.close();
  });

  it('opens the phone menu on the pre-rendered page at once, and keeps it open when the app takes over', async () => {
    const page = await suite.browser.newPage({ viewport: { width: 360, height: 740 } });
    page.setDefaultTimeout(15_000);
    let holding = true;
    const heldScripts: Array<() => Promise<void>> = [];
    await page.route(/\.js$/, (route) => (holding ? heldScripts.push(() => route.continue()) : route.continue()));
    await page.goto(`${suite.baseUrl}/contactUs`, { waitUntil: 'commit' });
    const menuLink = page.locator('#main-navigation').getByRole('link', { name: 'Contact Us' });
    await page.getByRole('button', { name: 'Open menu' }).click();
    // No script has run yet: the page's own markup opens the menu.
    await expect.poll(() => menuLink.isVisible()).toBe(true);

    holding = false;
    await Promise.all(heldScripts.map((release) => release()));
    await expect.poll(() => page.getByRole('button', { name: 'Close menu' }).count(), { timeout: 15_000 }).toBe(1);
    expect(await page.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded')).toBe('true');
    expect(await menuLink.isVisible()).toBe(true);
    // From then on the menu is the app's own: Escape closes it.
    await page.keyboard.press('Escape');
    await expect.poll(() => menuLink.isVisible()).toBe(false);
    await page.close();
  });

  it('estimates the tax on a salary', async () => {
    const page = await openPage('/');
    // The calculator's code loads as the person scrolls towards it.
    await page.locator('#home-tax').scrollIntoViewIfNeeded();
    const salary = page.getByLabel('Salary', { exact: true });
    await salary.scrollIntoViewIfNeeded();
    expect(await salary.getAttribute('placeholder')).toBe('salary more than 1 Lac');

    await page.getByRole('button', { name: 'Calculate' }).click();
    await expect.poll(() => page.getByText('Salary is required').count()).toBe(1);

    const result = page.getByTestId('tax-result');
    for (const [typed, expected] of [
      ['100000', '0.00 BDT'],
      ['300000', '15,000.00 BDT'],
      ['7,50,000', '1,87,500.00 BDT'],
    ] as const) {
      await salary.fill(typed);
      await page.getByRole('button', { name: 'Calculate' }).click();
      await expect.poll(() => result.textContent(), { message: typed }).toBe(expected);
    }

    await salary.fill('-5');
    await page.getByRole('button', { name: 'Calculate' }).click();
    await expect.poll(() => page.getByText('Salary must be greater than 0').count()).toBe(1);
    expect(await result.count()).toBe(0);
    await page.close();
  });

  it('shows the contact form’s required messages, then sends the message', async () => {
    const page = await openPage('/contactUs');
    await page.getByRole('button', { name: 'Send Message' }).click();
    for (const message of ['First Name is required', 'Email is required', 'Contact is required', 'Message is required']) {
      await expect.poll(() => page.getByText(message, { exact: true }).count(), { message }).toBe(1);
    }

    await page.getByLabel('Your name').fill('Shirin Sultana');
    await page.getByLabel('Email address').fill('shirin.sultana@example.com');
    await page.getByLabel('Contact Number').fill('01712');
    await page.getByLabel('Message').fill('Can I open a Student Account with my birth registration certificate?');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect.poll(() => page.getByText('Contact number must be a Bangladeshi mobile number like +8801712345678').count()).toBe(1);

    await page.getByLabel('Contact Number').fill('+880 1712-345678');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect.poll(() => page.getByText('Thank you! Your message has been sent.', { exact: false }).count()).toBe(1);
    await expect.poll(() => page.getByLabel('Your name').inputValue()).toBe('');

    const stored = await suite.harness.database.db.select().from(schema.contactMessage);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      fullName: 'Shirin Sultana',
      email: 'shirin.sultana@example.com',
      contact: '+8801712345678',
      message: 'Can I open a Student Account with my birth registration certificate?',
    });
    await page.close();
  });

  it('shows the bank’s refusals under the field and in a readable error toast', async () => {
    const page = await openPage('/contactus');
    const refusals = [
      {
        status: 400,
        body: { error: { code: 'invalid_input', message: 'This e-mail address cannot receive our reply', fields: { email: 'This e-mail address cannot receive our reply' } } },
      },
      { status: 429, body: { error: { code: 'too_many_requests', message: 'Too many attempts. Please wait a while and try again.' } } },
    ];
    // Stands in for the server, so each kind of refusal can be shown without provoking it.
    await page.route('**/api/contact', (route) => {
      const refusal = refusals.shift() ?? refusals[0];
      return route.fulfill({ status: refusal?.status ?? 500, contentType: 'application/json', body: JSON.stringify(refusal?.body ?? {}) });
    });
    await page.getByLabel('Your name').fill('Shirin Sultana');
    await page.getByLabel('Email address').fill('shirin.sultana@example.com');
    await page.getByLabel('Contact Number').fill('+8801712345678');
    await page.getByLabel('Message').fill('Second message.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect.poll(() => page.locator('#contact-email-error').textContent()).toBe('This e-mail address cannot receive our reply');
    await expect.poll(() => page.getByText('Your message was not sent: This e-mail address cannot receive our reply').count()).toBe(1);

    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect.poll(() => page.getByText('Your message was not sent: Too many attempts. Please wait a while and try again.').count()).toBe(1);
    expect(await page.getByLabel('Your name').inputValue()).toBe('Shirin Sultana');
    await page.close();
  });

  it('shows two payment logos at a time on a 500 px screen, four on a wide one', async () => {
    for (const [width, expected] of [
      [500, 2],
      [800, 3],
      [1280, 4],
    ] as const) {
      const page = await openPage('/', { width });
      const carousel = page.getByTestId('payment-carousel');
      await carousel.scrollIntoViewIfNeeded();
      expect(await carousel.getAttribute('data-slides-in-view')).toBe(String(expected));
      const windowWidth = (await carousel.boundingBox())?.width ?? 0;
      const slideWidth = (await page.getByTestId('payment-slide').first().boundingBox())?.width ?? 1;
      expect(Math.round(windowWidth / slideWidth), `${width} px`).toBe(expected);
      await page.close();
    }
  });

  it('types the welcome text, holds it on Pause, or stands still for a visitor who prefers reduced motion', async () => {
    const moving = await openPage('/');
    const typing = moving.getByTestId('typing-text');
    await expect.poll(() => typing.textContent()).toMatch(/With Padma Bank you can o/);
    expect(await moving.getByRole('link', { name: 'Continue' }).getAttribute('href')).toBe('/openAcc');
    // Pause holds the text still (WCAG 2.2.2); Play sets it moving again.
    await moving.getByRole('button', { name: 'Pause the moving text' }).click();
    const held = await typing.textContent();
    // Longer than the 1,000 ms hold at the end of a phrase: unpaused, the text would have changed.
    await moving.waitForTimeout(1_200);
    expect(await typing.textContent()).toBe(held);
    await moving.getByRole('button', { name: 'Play the moving text' }).click();
    await expect.poll(() => typing.textContent()).not.toBe(held);
    await moving.close();

    const still = await openPage('/', { reducedMotion: true });
    await expect.poll(() => still.getByTestId('typing-text').textContent()).toContain('open a savings account from home.');
    // The sections below the first screen render once the page has shown: wait for them.
    await expect.poll(() => still.getByTestId('payment-logos-static').locator('img').count()).toBe(8);
    expect(await still.getByTestId('payment-carousel').count()).toBe(0);
    await still.close();
  });

  it('shows a clear not-found state for an unknown account type, and names the tab after a known one', async () => {
    const page = await openPage('/accountDetail/gold');
    await expect.poll(() => page.getByRole('heading', { name: 'We could not find this type' }).count()).toBe(1);
    expect(await page.getByText('We do not offer this type. Choose one from the menu.').count()).toBe(1);
    await page.goto(`${suite.baseUrl}/accountDetail/savings`);
    await expect.poll(() => page.title()).toBe('Savings Account Information · Padma Bank');
    expect(await page.getByRole('link', { name: 'Open Account' }).count()).toBe(1);
    await page.goto(`${suite.baseUrl}/cardDetail/debit`);
    await expect.poll(() => page.title()).toBe('Debit Card Information · Padma Bank');
    expect(await page.getByRole('link', { name: 'Open Account' }).count()).toBe(0);
    await page.close();
  });

  it('dates the footer’s copyright from today, in the reader’s digits', async () => {
    const context = await suite.browser.newContext({ viewport: { width: 360, height: 740 } });
    // A year the build never saw: the year must come from the reader's clock, not from the texts.
    await context.clock.setFixedTime(new Date('2031-03-01T10:00:00+06:00'));
    const page = await context.newPage();
    await page.goto(`${suite.baseUrl}/faq`);
    const copyright = page.getByTestId('footer-copyright');
    await expect.poll(() => copyright.textContent()).toBe('© Copyright 2031. All Rights Reserved.');
    await page.getByRole('button', { name: /^বাংলা/ }).click();
    await expect.poll(() => copyright.textContent()).toBe('© কপিরাইট ২০৩১। সর্বস্বত্ব সংরক্ষিত।');
    await context.close();
  });
});
