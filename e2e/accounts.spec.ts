import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { ports, shopDataDir } from '../playwright.config';
import { expect, test } from './fixtures';

const photo = path.join(import.meta.dirname, '../apps/server/src/test/images/avatar.png');
let counter = 0;

function newShopper() {
  counter += 1;
  return {
    name: `Layla ${counter}`,
    email: `layla-${counter}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`,
    password: 'sesame opens slowly',
  };
}

/** Signs up through the API with the page's cookies, as if the form had been used. */
async function signUpInBrowser(page: Page) {
  const shopper = newShopper();
  const response = await page.request.post('/api/auth/sign-up/email', { data: shopper });
  expect(response.status()).toBe(200);
  return shopper;
}

/** Drops the expected failed responses from the fixture's list, and checks nothing else failed. */
function expectOnlyFailures(pageErrors: string[], pattern: RegExp) {
  expect(pageErrors.filter((e) => !pattern.test(e))).toEqual([]);
  pageErrors.length = 0;
}

test('sign up, sign out and log in again, with the header following the session', async ({
  page,
  pageErrors,
}) => {
  const shopper = newShopper();
  await page.goto('/signup');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create an account');

  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Enter your name')).toBeVisible();
  await expect(page.getByText('Enter an email address like name@example.com')).toBeVisible();
  await expect(page.getByText('Use at least 8 characters')).toBeVisible();

  await page.getByRole('main').getByLabel('Name', { exact: true }).fill(shopper.name);
  await page.getByRole('main').getByLabel('Email', { exact: true }).fill(shopper.email);
  await page.getByRole('main').getByLabel('Password', { exact: true }).fill('password');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('This password is too common.')).toBeVisible();
  expectOnlyFailures(pageErrors, /400 .*\/api\/auth\/sign-up\/email/);

  await page.getByRole('main').getByLabel('Password', { exact: true }).fill(shopper.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/$/);
  const banner = page.getByRole('banner');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(banner.getByRole('button', { name: 'Account' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Sign Up' })).toHaveCount(0);

  // The session outlives a reload: the flag follows the server, not memory.
  await page.reload();
  await expect(banner.getByRole('button', { name: 'Account' })).toBeVisible();

  await banner.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(nav.getByRole('link', { name: 'Sign Up' })).toBeVisible();
  await expect(banner.getByRole('link', { name: 'Account' })).toBeVisible();

  await page.goto('/login');
  await page.getByRole('main').getByLabel('Email', { exact: true }).fill(shopper.email);
  await page.getByRole('main').getByLabel('Password', { exact: true }).fill('not my password');
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('alert')).toHaveText('Wrong email or password.');
  expectOnlyFailures(pageErrors, /401 .*\/api\/auth\/sign-in\/email/);

  await page.getByRole('main').getByLabel('Password', { exact: true }).fill(shopper.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(banner.getByRole('button', { name: 'Account' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Sign Up' })).toHaveCount(0);
});

test('the account page sends visitors to log in, then back to it', async ({ page, browser }) => {
  // Another browser makes the account, so this one is still a visitor.
  const other = await browser.newContext();
  const shopper = await signUpInBrowser(await other.newPage());
  await other.close();

  await page.goto('/account');
  await expect(page).toHaveURL(/\/login\?next=%2Faccount$/);
  await page.getByRole('main').getByLabel('Email', { exact: true }).fill(shopper.email);
  await page.getByRole('main').getByLabel('Password', { exact: true }).fill(shopper.password);
  const logIn = page.getByRole('button', { name: 'Log In' });
  await logIn.click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Manage My Account');
  await expect(page.getByText(`Welcome! ${shopper.name}`)).toBeVisible();
});

test('a next parameter pointing off the site lands on the home page', async ({ page }) => {
  const shopper = newShopper();
  await page.goto('/signup?next=//evil.example/steal');
  await page.getByRole('main').getByLabel('Name', { exact: true }).fill(shopper.name);
  await page.getByRole('main').getByLabel('Email', { exact: true }).fill(shopper.email);
  await page.getByRole('main').getByLabel('Password', { exact: true }).fill(shopper.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(`http://127.0.0.1:${ports.fast}/`);
});

test('edit the profile name and photo, and change the password', async ({
  page,
  pageErrors,
  request,
}) => {
  const shopper = await signUpInBrowser(page);
  await page.goto('/account');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Manage My Account');

  const profile = page.getByRole('region', { name: 'Edit Your Profile' });
  await expect(profile.getByLabel('Email')).toHaveValue(shopper.email);
  await profile.getByLabel('First Name').fill('Layla');
  await profile.getByLabel('Last Name').fill('Nasser');
  await profile.getByRole('button', { name: 'Save Changes' }).click();
  await expect(profile.getByText('Your profile has been saved.')).toBeVisible();
  await expect(page.getByText('Welcome! Layla Nasser')).toBeVisible();

  await profile.getByLabel('Choose a photo').setInputFiles(photo);
  await expect(profile.getByRole('img', { name: 'Preview of the chosen photo' })).toBeVisible();
  await profile.getByRole('button', { name: 'Upload photo' }).click();
  await expect(profile.getByText('Your photo has been saved.')).toBeVisible();
  const saved = profile.getByRole('img', { name: 'Your profile photo' });
  // Kept as the shop's own WebP copy, never the file as sent.
  await expect(saved).toHaveAttribute('src', /^\/api\/account\/photos\/[0-9a-f-]+\.webp$/);
  await expect.poll(() => saved.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);

  // Still there after a reload: stored on the server.
  await page.reload();
  await expect(profile.getByLabel('Last Name')).toHaveValue('Nasser');
  await expect(profile.getByRole('img', { name: 'Your profile photo' })).toBeVisible();

  const password = page.getByRole('region', { name: 'Password Changes' });
  await password.getByLabel('Current Password').fill('a wrong password');
  await password.getByLabel('New Password', { exact: true }).fill('a newer passphrase');
  await password.getByLabel('Confirm New Password').fill('a different one');
  await password.getByRole('button', { name: 'Change Password' }).click();
  await expect(password.getByText('The two passwords do not match')).toBeVisible();

  await password.getByLabel('Confirm New Password').fill('a newer passphrase');
  await password.getByRole('button', { name: 'Change Password' }).click();
  await expect(password.getByText('The current password is wrong.')).toBeVisible();
  expectOnlyFailures(pageErrors, /400 .*\/api\/auth\/change-password/);

  await password.getByLabel('Current Password').fill(shopper.password);
  await password.getByRole('button', { name: 'Change Password' }).click();
  await expect(password.getByRole('status')).toHaveText(
    'Your password has been changed. Other devices have been signed out.',
  );
  await expect(password.getByLabel('Current Password')).toHaveValue('');

  // This browser keeps its (renewed) session; the new password is the one that works.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Manage My Account');
  const signIn = await request.post('/api/auth/sign-in/email', {
    data: { email: shopper.email, password: 'a newer passphrase' },
  });
  expect(signIn.status()).toBe(200);
});

test('keep an address book: add, edit, choose the default, delete', async ({ page }) => {
  await signUpInBrowser(page);
  await page.goto('/account#addresses');
  const book = page.getByRole('region', { name: 'Address Book' });
  await expect(book.getByText('No saved addresses yet.')).toBeVisible();

  async function addAddress(street: string) {
    await book.getByRole('button', { name: 'Add address' }).click();
    const form = book.getByRole('form', { name: 'New address' });
    await form.getByRole('button', { name: 'Save address' }).click();
    await expect(form.getByText('Enter a first name')).toBeVisible();
    await form.getByLabel('First Name').fill('Layla');
    await form.getByLabel('Street Address').fill(street);
    await form.getByLabel('Town/City').fill('Amman');
    await form.getByLabel('Phone Number').fill('+962 6 555 0101');
    await form.getByLabel('Email Address').fill('layla@example.com');
    await form.getByRole('button', { name: 'Save address' }).click();
    await expect(book.getByText(street)).toBeVisible();
  }
  await addAddress('12 Rainbow Street');
  await addAddress('3 Garden Lane');

  const cards = book.getByRole('listitem');
  await expect(cards.first()).toContainText('12 Rainbow Street');
  await expect(cards.first()).toContainText('Default');

  await cards.nth(1).getByRole('button', { name: 'Make default' }).click();
  await expect(cards.first()).toContainText('3 Garden Lane');
  await expect(cards.first()).toContainText('Default');

  await cards.first().getByRole('button', { name: 'Edit' }).click();
  const edit = book.getByRole('form', { name: 'Edit address' });
  await edit.getByLabel('Street Address').fill('4 Garden Lane');
  await edit.getByRole('button', { name: 'Save address' }).click();
  await expect(cards.first()).toContainText('4 Garden Lane');

  await cards.nth(1).getByRole('button', { name: 'Delete' }).click();
  await expect(cards).toHaveCount(1);
  await expect(book.getByText('12 Rainbow Street')).toHaveCount(0);

  const orders = page.getByRole('region', { name: 'My Orders' });
  await expect(orders.getByText('No orders yet.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'My Wishlist' })).toHaveAttribute(
    'href',
    '/wishlist',
  );
});

test('a forgotten password is reset through the emailed link', async ({ page, request }) => {
  // Signed up elsewhere (its own cookie jar): this browser is a visitor.
  const other = newShopper();
  const created = await request.post('/api/auth/sign-up/email', { data: other });
  expect(created.status()).toBe(200);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forget Password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByRole('main').getByLabel('Email', { exact: true }).fill(other.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('main').getByRole('status')).toContainText(
    `If an account exists for ${other.email}`,
  );

  // No mail server in tests: the shop writes the message to its outbox folder.
  const outbox = path.join(shopDataDir(ports.fast), 'outbox');
  let link = '';
  await expect
    .poll(() => {
      const files = fs.existsSync(outbox) ? fs.readdirSync(outbox) : [];
      for (const file of files) {
        const mail = JSON.parse(fs.readFileSync(path.join(outbox, file), 'utf8')) as {
          to: string;
          text: string;
        };
        if (mail.to === other.email) link = /https?:\/\/\S+/.exec(mail.text)?.[0] ?? '';
      }
      return link;
    })
    .toMatch(/\/reset-password\?token=/);

  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('a fresh start here');
  await page.getByLabel('Confirm new password').fill('a fresh start here');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByText('Your password has been changed.')).toBeVisible();

  await page.getByRole('link', { name: 'Back to log in' }).click();
  await page.getByRole('main').getByLabel('Email', { exact: true }).fill(other.email);
  await page.getByRole('main').getByLabel('Password', { exact: true }).fill('a fresh start here');
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Account' })).toBeVisible();
});
