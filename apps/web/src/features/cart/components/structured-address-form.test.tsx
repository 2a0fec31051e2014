import type { PlacesResponse, User } from '@habi/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StructuredAddressForm } from './structured-address-form.tsx';

const PLACES: PlacesResponse = {
  source: 'PSGC test',
  regions: [
    ['1300000000', 'National Capital Region (NCR)'],
    ['0700000000', 'Region VII (Central Visayas)'],
  ],
  provinces: [
    ['0702200000', 'Cebu', '0700000000'],
    ['0704600000', 'Negros Oriental', '0700000000'],
  ],
  cities: [
    ['1380300000', 'City of Makati', '1300000000', ''],
    ['1380600000', 'City of Manila', '1300000000', ''],
    ['0730600000', 'City of Cebu', '0700000000', '0702200000'],
    ['0702201000', 'Alcantara', '0700000000', '0702200000'],
  ],
};
const BARANGAYS: Record<string, [string, string][]> = {
  '1380300000': [
    ['1380300002', 'Bel-Air'],
    ['1380300020', 'Poblacion'],
  ],
  '0730600000': [['0730600041', 'Lahug']],
};

const user: User = {
  _id: 'user-1',
  id: 'user-1',
  name: 'Maria Santos',
  email: 'maria@example.com',
  contactNumber: '+639171234567',
  imageUrl: '',
  shippingAddress: [],
};

let requests: { url: string; method: string; body: unknown }[];
let refuse: Record<string, string> | undefined;

beforeEach(() => {
  requests = [];
  refuse = undefined;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit) => {
      const url = new URL(input, 'http://localhost').pathname;
      requests.push({
        url,
        method: init.method ?? 'GET',
        body: init.body ? JSON.parse(String(init.body)) : null,
      });
      if (url === '/api/places') return Response.json(PLACES);
      const city = /^\/api\/places\/cities\/(\d+)\/barangays$/.exec(url)?.[1];
      if (city) return Response.json({ barangays: BARANGAYS[city] ?? [] });
      if (refuse)
        return Response.json({ message: Object.values(refuse)[0], errors: refuse }, { status: 400 });
      const sent = JSON.parse(String(init.body));
      return Response.json({ message: 'New address added.', shippingAddress: [sent.newAddress] });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderForm() {
  const onAdded = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <StructuredAddressForm user={user} onCancel={() => {}} onAdded={onAdded} />
    </QueryClientProvider>,
  );
  return onAdded;
}

/** Types into a combobox and picks the option with the keyboard, as a screen reader user would. */
async function choose(label: string, typed: string, option: string) {
  const box = await screen.findByRole('combobox', { name: label });
  await waitFor(() => expect((box as HTMLInputElement).disabled).toBe(false));
  fireEvent.input(box, { target: { value: typed } });
  await screen.findByRole('option', { name: option });
  const active = box.getAttribute('aria-activedescendant');
  expect(document.getElementById(active ?? '')?.textContent).toBe(option);
  fireEvent.keyDown(box, { key: 'Enter' });
  expect((box as HTMLInputElement).value).toBe(option);
}

const fill = (label: string, value: string) =>
  fireEvent.input(screen.getByLabelText(label), { target: { value } });

describe('StructuredAddressForm', () => {
  it('cascades region, city (Metro Manila has no province) and barangay, and saves the line with its codes', async () => {
    const onAdded = renderForm();
    await screen.findByRole('combobox', { name: 'Region' });
    // Nothing below the region opens before it is chosen.
    expect(
      (screen.getByRole('combobox', { name: 'City or municipality' }) as HTMLInputElement).disabled,
    ).toBe(true);
    expect((screen.getByRole('combobox', { name: 'Barangay' }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText("Recipient's name") as HTMLInputElement).value).toBe('Maria Santos');
    expect((screen.getByLabelText('Mobile number') as HTMLInputElement).value).toBe('09171234567');

    await choose('Region', 'capital', 'National Capital Region (NCR)');
    expect(screen.getByText('Metro Manila has no provinces: choose the city.')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Province' })).toBeNull();
    await choose('City or municipality', 'maka', 'City of Makati');
    await choose('Barangay', 'bel', 'Bel-Air');
    fill('House no., street and building', 'Unit 5B, 12 Jupiter St.');
    fill('Postal code', '1209');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    const line =
      'Maria Santos (09171234567), Unit 5B, 12 Jupiter St., Bel-Air, City of Makati, National Capital Region (NCR), 1209';
    await waitFor(() => expect(onAdded).toHaveBeenCalledWith(line));
    expect(requests.at(-1)).toEqual({
      url: '/api/users/addAddress/user-1',
      method: 'POST',
      body: {
        newAddress: line,
        parts: {
          recipient: 'Maria Santos',
          mobile: '09171234567',
          street: 'Unit 5B, 12 Jupiter St.',
          regionCode: '1300000000',
          provinceCode: '',
          cityCode: '1380300000',
          barangayCode: '1380300002',
          postalCode: '1209',
        },
      },
    });
  });

  it('asks for the province where the region has them, and a new choice above clears those below', async () => {
    renderForm();
    await choose('Region', 'visayas', 'Region VII (Central Visayas)');
    expect(
      (screen.getByRole('combobox', { name: 'City or municipality' }) as HTMLInputElement).disabled,
    ).toBe(true);
    await choose('Province', 'ceb', 'Cebu');
    await choose('City or municipality', 'cebu', 'City of Cebu');
    await choose('Barangay', 'lah', 'Lahug');
    await choose('Province', 'negros', 'Negros Oriental');
    expect((screen.getByRole('combobox', { name: 'City or municipality' }) as HTMLInputElement).value).toBe(
      '',
    );
    expect((screen.getByRole('combobox', { name: 'Barangay' }) as HTMLInputElement).value).toBe('');
  });

  it('says what is missing or wrong under each field, focuses the first and sends nothing', async () => {
    renderForm();
    await screen.findByRole('combobox', { name: 'Region' });
    fill('Mobile number', '0288123456');
    fill('Postal code', '12');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const mobile = screen.getByLabelText('Mobile number');
    await waitFor(() => expect(document.activeElement).toBe(mobile));
    expect(mobile.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(mobile.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Enter a mobile number like 09171234567 or +639171234567',
    );
    const messages = screen.getAllByRole('alert').map((alert) => alert.textContent);
    expect(messages).toEqual([
      'Enter a mobile number like 09171234567 or +639171234567',
      'Choose a region',
      'Choose a city or municipality',
      'Choose a barangay',
      'Enter the house number, street and building',
      'The postal code is 4 digits',
    ]);
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it("puts the server's refusal under the field it names", async () => {
    renderForm();
    await choose('Region', 'capital', 'National Capital Region (NCR)');
    await choose('City or municipality', 'maka', 'City of Makati');
    await choose('Barangay', 'pob', 'Poblacion');
    fill('House no., street and building', '12 Jupiter St.');
    fill('Postal code', '1210');
    refuse = { 'parts.barangayCode': 'This barangay is not in the chosen city or municipality' };
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const barangay = screen.getByRole('combobox', { name: 'Barangay' });
    await waitFor(() => expect(barangay.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByRole('alert').textContent).toBe(
      'This barangay is not in the chosen city or municipality',
    );
  });
});
