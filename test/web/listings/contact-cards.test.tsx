import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Contact } from '@shared/api/schemas/users';
import { BrokerCard, ContactCard, contactDetailsHiddenText } from '@/features/listings/components/contact-cards';

const card: Contact = {
  _id: 'u1',
  firstName: 'Paula',
  lastName: 'Poster',
  title: 'Principal',
  phone: '9165550177',
  email: 'paula.poster.with.a.long.address@capitol-commercial-realty.example',
  license: 'DRE 07654321',
  profileImage: null,
  brokerImage: null,
  brokerInfo: { name: 'Poster Realty', address1: '9 K Street', address2: 'Sacramento, CA 95814' },
};

describe('contact cards', () => {
  it('show every detail to an approved broker, the e-mail whole', () => {
    render(<><ContactCard contact={card} /><BrokerCard contact={card} /></>);
    expect(screen.getByRole('link', { name: card.email })).toHaveAttribute('href', `mailto:${card.email}`);
    expect(screen.getByRole('link', { name: card.email })).not.toHaveClass('truncate');
    expect(screen.getByText('License DRE 07654321')).toBeInTheDocument();
    expect(screen.getByText('9 K Street')).toBeInTheDocument();
    expect(screen.queryByText(contactDetailsHiddenText)).not.toBeInTheDocument();
  });

  it('say when the details appear to an account awaiting approval, and link nothing', () => {
    const hidden: Contact = { ...card, phone: '', email: '', license: '', brokerInfo: { name: 'Poster Realty', address1: '', address2: '' }, detailsHidden: true };
    render(<><ContactCard contact={hidden} /><BrokerCard contact={hidden} /></>);
    expect(screen.getByText(contactDetailsHiddenText)).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByText('Paula Poster')).toBeInTheDocument();
    expect(screen.getByText('Poster Realty')).toBeInTheDocument();
  });
});
