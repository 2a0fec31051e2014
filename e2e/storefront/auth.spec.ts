import { expect, expectAccessible, newShopper, routeGate, signUpViaApi, test } from '../fixtures.ts';

test.describe('sign up', () => {
  test('through the form, lands on /user showing the profile', async ({ page }) => {
    const shopper = newShopper();
    await page.goto('/sign-up');
    await expect(page.getByRole('heading', { name: 'Sign Up' })).toBeVisible();
    await expect(page.getByText('Please input valid credentials.')).toBeVisible();
    await expectAccessible(page);

    await page.getByLabel('Name', { exact: true }).fill(shopper.name);
    // The calling code, +63, is fixed in front: the shopper types only the local digits.
    const phone = page.getByLabel('Contact Number');
    await expect(phone).toHaveValue('+63');
    await phone.click();
    await phone.press('End');
    await phone.pressSequentially('9171234567');
    await expect(phone).toHaveValue('+63 917 123 4567');
    await page.getByLabel('Email', { exact: true }).fill(shopper.email);

    const password = page.getByLabel('Password', { exact: true });
    await password.fill(shopper.password);
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    await expect(password).toHaveAttribute('type', 'password');

    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page).toHaveURL('/user');
    await expect(page.getByText('Account created. Welcome to the store!')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: shopper.name })).toBeVisible();
    await expect(page.getByText(shopper.email, { exact: true })).toBeVisible();
    await expect(page.getByText('+63 917 123 4567')).toBeVisible();
  });

  test('shows every validation message under its field', async ({ page }) => {
    await page.goto('/sign-up');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByText('Too short', { exact: true })).toBeVisible();
    await expect(page.getByText('Invalid phone number')).toBeVisible();
    await expect(page.getByText('Invalid email address')).toBeVisible();
    await expect(page.getByText('Password must be at least 6 characters long')).toBeVisible();
    await expect(page.getByLabel('Name', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Name', { exact: true })).toBeFocused();

    // A number shorter than a plus sign and 12 digits is refused as well.
    await page.getByLabel('Contact Number').pressSequentially('91712');
    await page.getByLabel('Name', { exact: true }).fill('Jo');
    await page.getByLabel('Email', { exact: true }).fill('jo@example.com');
    await page.getByLabel('Password', { exact: true }).fill('secret123');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByText('Invalid phone number')).toBeVisible();
    await expect(page.getByText('Too short', { exact: true })).toBeHidden();
    await expect(page).toHaveURL('/sign-up');
    await expectAccessible(page);
  });

  test('a taken email shows the server message, in a toast and under the field', async ({
    page,
    request,
    baseURL,
  }) => {
    const taken = await signUpViaApi(request, baseURL!);
    await page.goto('/sign-up');
    await page.getByLabel('Name', { exact: true }).fill('Second Maria');
    await page.getByLabel('Contact Number').pressSequentially('9171234567');
    await page.getByLabel('Email', { exact: true }).fill(taken.email);
    await page.getByLabel('Password', { exact: true }).fill('secret123');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.locator('.Toastify').getByText('This email is already registered')).toBeVisible();
    await expect(page.locator('form').getByText('This email is already registered')).toBeVisible();
    await expect(page).toHaveURL('/sign-up');
  });

  test('the country picker offers International and shows flags from the store itself', async ({ page }) => {
    const flagHosts = new Set<string>();
    page.on('request', (req) => {
      if (req.url().includes('.svg')) flagHosts.add(new URL(req.url()).host);
    });
    await page.goto('/sign-up');
    const country = page.getByLabel('Phone number country');
    await expect(country).toHaveValue('PH');
    await expect(country.locator('option', { hasText: 'International' })).toHaveCount(1);
    await expect(country.locator('option', { hasText: 'Philippines' })).toHaveCount(1);
    const flag = page.locator('img[src="/flags/PH.svg"]');
    await expect(flag).toBeVisible();
    expect(await flag.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await country.selectOption('JP');
    await expect(page.locator('img[src="/flags/JP.svg"]')).toBeVisible();
    await expect(page.getByLabel('Contact Number')).toHaveValue('+81');
    // International: the digits so far are selected (a frame after the focus), so a full number
    // typed replaces them.
    await country.selectOption({ label: 'International' });
    const number = page.getByLabel('Contact Number');
    await expect(number).toBeFocused();
    await expect
      .poll(() =>
        number.evaluate(
          (input: HTMLInputElement) =>
            input.value.length > 0 && input.selectionStart === 0 && input.selectionEnd === input.value.length,
        ),
      )
      .toBe(true);
    await page.keyboard.type('+447911123456');
    await expect(page.getByLabel('Contact Number')).toHaveValue('+44 7911 123456');
    expect([...flagHosts]).toEqual([new URL(page.url()).host]);
  });

  test('says when the check after signing up does not confirm the session', async ({ page }) => {
    await page.route('**/api/users/current', (route) => route.fulfill({ json: null }));
    const shopper = newShopper();
    await page.goto('/sign-up');
    await page.getByLabel('Name', { exact: true }).fill(shopper.name);
    await page.getByLabel('Contact Number').pressSequentially('9171234567');
    await page.getByLabel('Email', { exact: true }).fill(shopper.email);
    await page.getByLabel('Password', { exact: true }).fill(shopper.password);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByText('Sign Up failed. Please try again.')).toBeVisible();
    await expect(page).toHaveURL('/sign-up');
  });
});

test.describe('sign in', () => {
  test('the page, its links and every validation message with its icon', async ({ page }) => {
    await page.goto('/sign-in');
    await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
    await expect(page.getByText('Please input valid credentials.')).toBeVisible();
    await expect(page.getByRole('link', { name: "Don't have an account?" })).toHaveAttribute(
      'href',
      '/sign-up',
    );
    await expect(page.getByRole('link', { name: 'Admin', exact: true })).toHaveAttribute('href', '/admin');
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Sign In' }).click();
    const emailError = page.getByRole('alert').filter({ hasText: 'Invalid email address' });
    const passwordError = page
      .getByRole('alert')
      .filter({ hasText: 'Password must be at least 6 characters long' });
    await expect(emailError).toBeVisible();
    await expect(passwordError).toBeVisible();
    await expect(emailError.locator('svg')).toBeVisible();
    await expect(passwordError.locator('svg')).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill('12345');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(passwordError).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('link', { name: "Don't have an account?" }).click();
    await expect(page).toHaveURL('/sign-up');
  });

  test('a wrong password shows the server message; the right one goes to /user', async ({
    page,
    request,
    baseURL,
  }) => {
    const shopper = await signUpViaApi(request, baseURL!);
    await page.goto('/sign-in');
    await page.getByLabel('Email', { exact: true }).fill(shopper.email);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Invalid email or password')).toBeVisible();
    await expect(page).toHaveURL('/sign-in');

    // The button reads 'Loading...' while the request is pending: held until that is seen.
    const answer = routeGate();
    await page.route('**/api/users/sign-in', async (route) => {
      await answer.opened;
      await route.continue();
    });
    await page.getByLabel('Password', { exact: true }).fill(shopper.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('button', { name: 'Loading...' })).toBeDisabled();
    answer.open();
    await expect(page).toHaveURL('/user');
    await expect(page.getByText('Signed in successfully')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: shopper.name })).toBeVisible();
  });

  test('a failed request without a message reads "An unknown error occurred"', async ({ page }) => {
    await page.route('**/api/users/sign-in', (route) => route.fulfill({ status: 500, body: '' }));
    await page.goto('/sign-in');
    await page.getByLabel('Email', { exact: true }).fill('someone@example.com');
    await page.getByLabel('Password', { exact: true }).fill('secret123');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('An unknown error occurred')).toBeVisible();
  });

  test('says when the session re-check does not confirm the sign-in', async ({ page, request, baseURL }) => {
    const shopper = await signUpViaApi(request, baseURL!);
    await page.route('**/api/users/current', (route) => route.fulfill({ json: null }));
    await page.goto('/sign-in');
    await page.getByLabel('Email', { exact: true }).fill(shopper.email);
    await page.getByLabel('Password', { exact: true }).fill(shopper.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Sign In failed. Please try again.')).toBeVisible();
    await expect(page).toHaveURL('/sign-in');
  });

  test('shows Loading... while the session check runs', async ({ page }) => {
    const answer = routeGate();
    await page.route('**/api/users/current', async (route) => {
      await answer.opened;
      await route.continue();
    });
    await page.goto('/sign-in');
    await expect(page.getByRole('status').getByText('Loading...')).toBeVisible();
    answer.open();
    await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  });
});

test('a signed-in shopper is sent from /sign-in and /sign-up to /user', async ({ page, baseURL }) => {
  const shopper = await signUpViaApi(page.request, baseURL!);
  await page.goto('/sign-in');
  await expect(page).toHaveURL('/user');
  await expect(page.getByRole('heading', { level: 1, name: shopper.name })).toBeVisible();
  await page.goto('/sign-up');
  await expect(page).toHaveURL('/user');
});
