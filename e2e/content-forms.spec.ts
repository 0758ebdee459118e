import { expect, test } from './fixtures';

test('the contact form checks each field, then sends the message', async ({ page }) => {
  await page.goto('/contact');
  await expect(page.getByRole('heading', { name: 'Call To Us' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Write To Us' })).toBeVisible();
  const send = page.getByRole('button', { name: 'Send Message' });

  await page.getByLabel('Your Email').fill('not an email');
  await send.click();
  await expect(page.getByText('Enter your name.')).toBeVisible();
  await expect(page.getByText('Enter an email address like name@example.com.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: /Your Name/ })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await expect(page.getByRole('textbox', { name: /Your Name/ })).toBeFocused();

  await page.getByRole('textbox', { name: /Your Name/ }).fill('Layla Haddad');
  await page.getByRole('textbox', { name: /Your Email/ }).fill('layla@example.com');
  await page.getByRole('textbox', { name: /Your Phone/ }).fill('+971 50 123 4567');
  await page.getByRole('textbox', { name: 'Your Message' }).fill('Do you deliver on Fridays?');
  const posted = page.waitForResponse('**/api/contact');
  await send.click();
  expect((await posted).status()).toBe(201);
  await expect(page.getByRole('main').getByRole('status')).toContainText(
    'Thank you, your message has been sent.',
  );

  await page.getByRole('button', { name: 'Send another message' }).click();
  await expect(page.getByRole('textbox', { name: /Your Name/ })).toHaveValue('');
});

test('the contact form speaks Arabic, errors included', async ({ page }) => {
  await page.goto('/contact?lang=ar');
  await page.getByRole('button', { name: 'إرسال الرسالة' }).click();
  await expect(page.getByText('أدخل اسمك.')).toBeVisible();
});

test('the footer newsletter refuses a wrong address, then shows the first-order code', async ({
  page,
}) => {
  await page.goto('/faq');
  const footer = page.getByRole('contentinfo');
  const email = footer.getByRole('textbox', { name: 'Email address' });
  await email.fill('nobody@');
  await footer.getByRole('button', { name: 'Subscribe' }).click();
  await expect(footer.getByText('Enter an email address like name@example.com.')).toBeVisible();
  await expect(email).toHaveAttribute('aria-invalid', 'true');

  const address = `shopper-${Date.now()}@example.com`;
  await email.fill(address);
  await footer.getByRole('button', { name: 'Subscribe' }).click();
  const code = footer.getByTestId('newsletter-code');
  await expect(code).toHaveText(/^WELCOME10-[A-Z2-9]{8}$/);
  await expect(footer.getByRole('status')).toContainText('Your code for 10% off your first order');
  const firstCode = await code.textContent();

  // Subscribing again answers the same way, with the same code.
  await page.reload();
  await footer.getByRole('textbox', { name: 'Email address' }).fill(address.toUpperCase());
  await footer.getByRole('button', { name: 'Subscribe' }).click();
  await expect(footer.getByTestId('newsletter-code')).toHaveText(firstCode!);
});

test('every footer link leads to a page of the shop', async ({ page }) => {
  await page.goto('/');
  const links = page.getByRole('contentinfo').getByRole('link');
  const hrefs = await links.evaluateAll((anchors) =>
    anchors.map((a) => a.getAttribute('href') ?? ''),
  );
  expect(hrefs.length).toBeGreaterThan(8);
  for (const href of hrefs) expect(href).not.toMatch(/^#|^$/);
  for (const href of hrefs.filter((h) => h.startsWith('/'))) {
    await page.goto(href);
    await expect(page.getByRole('heading', { level: 1 }), href).not.toHaveText('404 Not Found');
  }
});

test('FAQ answers open and close with the keyboard', async ({ page }) => {
  await page.goto('/faq');
  const question = page.getByText('Can I return an item?');
  const answer = page.getByText('You can return most items within 30 days');
  await expect(answer).toBeHidden();
  await question.focus();
  await page.keyboard.press('Enter');
  await expect(answer).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(answer).toBeHidden();
});
