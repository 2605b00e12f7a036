import type { Locator, Page } from 'playwright-core';
import { onePixelPng } from '../../src/server/test-support/test-app';

/** What a customer types into the account request (the holder's name comes from registration). */
export type AccountRequestDetails = {
  phone: string;
  gender: 'Female' | 'Male';
  birth: { day: string; month: string; year: string };
  nid: string;
  residentialArea: string;
  permanentArea: string;
  nominee: { name: string; nid: string; relation: string };
};

export const rokeyasDaughter: AccountRequestDetails = {
  phone: '01812-345678',
  gender: 'Female',
  birth: { day: '2', month: '7', year: '1994' },
  nid: '1994123456789',
  residentialArea: 'Uttara, Dhaka',
  permanentArea: 'Sadar, Bogura',
  nominee: { name: 'Rokeya Begum', nid: '1965123456', relation: 'Mother' },
};

/**
 * Fills both steps of the English account request on `/openAcc` as a customer does, and answers
 * the button that sends it, unpressed: the caller decides how it is pressed.
 */
export async function fillAccountRequest(page: Page, details: AccountRequestDetails = rokeyasDaughter): Promise<Locator> {
  await page.getByLabel('Account type').selectOption('savings');
  await page.getByLabel('Mobile phone').fill(details.phone);
  await page.getByLabel('Gender').selectOption(details.gender);
  // The birth date is a day, a month by name and a year, never the browser's mm/dd/yyyy picker.
  await page.getByLabel('Day', { exact: true }).fill(details.birth.day);
  await page.getByLabel('Month', { exact: true }).selectOption(details.birth.month);
  await page.getByLabel('Year', { exact: true }).fill(details.birth.year);
  await page.getByLabel('National ID (NID) number').fill(details.nid);
  await page.getByLabel('Your photo').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: onePixelPng });
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Residential area').fill(details.residentialArea);
  await page.getByLabel('Permanent area').fill(details.permanentArea);
  await page.getByLabel('Nominee name').fill(details.nominee.name);
  await page.getByLabel('Nominee NID number').fill(details.nominee.nid);
  await page.getByLabel('Relation with nominee').selectOption(details.nominee.relation);
  return page.getByRole('button', { name: 'Request Account' });
}
