import { describe, expect, it } from 'vitest';
import type { Address, AddressInput } from '@souq/contracts/addresses';
import { isInAddressBook } from './checkout-form';

const home: AddressInput = {
  firstName: 'Amina',
  lastName: 'Haddad',
  companyName: '',
  streetAddress: '12 Souq Street',
  apartment: '',
  city: 'Amman',
  phone: '+962 6 555 0101',
  email: 'amina@example.com',
};

describe('isInAddressBook', () => {
  it('finds an address saved with exactly the same fields, ignoring its id and default flag', () => {
    const saved: Address = { ...home, id: 3, isDefault: true };
    expect(isInAddressBook(home, [saved])).toBe(true);
  });

  it('treats any changed field as a new address', () => {
    expect(isInAddressBook({ ...home, apartment: 'Floor 2' }, [home])).toBe(false);
    expect(isInAddressBook({ ...home, city: 'Irbid' }, [home])).toBe(false);
    expect(isInAddressBook(home, [])).toBe(false);
  });
});
