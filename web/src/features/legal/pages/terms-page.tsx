import { Link } from '@tanstack/react-router';
import { supportEmail } from '@shared/catalog/product';
import { ContactLink, LegalPage, type LegalSection } from './legal-page';

const sections: LegalSection[] = [
  {
    id: 'agreement',
    heading: 'Agreeing to these terms',
    body: (
      <>
        <p>
          These Terms of Use are an agreement between you and the operator of this network (“we”, “us”). You accept
          them when you tick the box at sign-up and again each time you use the service. If you do not agree, do not
          create an account or use the service.
        </p>
        <p>
          How we handle your information is described in our <Link to="/privacy">Privacy Policy</Link>, and how we
          deal with copyright complaints in our <Link to="/copyright">Copyright Policy</Link>. Both form part of these
          terms.
        </p>
      </>
    ),
  },
  {
    id: 'eligibility',
    heading: 'Who may join',
    body: (
      <>
        <p>The network is a private, local-market service for commercial real-estate professionals. To hold an account you must:</p>
        <ul>
          <li>be at least 18 years old and live in the United States;</li>
          <li>
            be a licensed commercial real-estate broker, or an assistant or researcher working for one whom we have
            approved as that broker’s delegate;
          </li>
          <li>earn most of your income from commissions on commercial sales and leases; and</li>
          <li>work within the market you registered for (the Sacramento region).</li>
        </ul>
        <p>
          Property owners and brokers based outside the market are not eligible. We review every new account, usually
          within 24 hours, and decide eligibility at our discretion. Until your account is approved you can sign in,
          complete your profile and browse, but you cannot broadcast anything.
        </p>
      </>
    ),
  },
  {
    id: 'account',
    heading: 'Your account',
    body: (
      <>
        <p>
          Give us accurate information about yourself, your license and your brokerage, and keep it current. An account
          is personal: do not share your password or let anyone else use your account. You are responsible for what
          happens under it. Tell us straight away at <ContactLink email={supportEmail} /> if you think someone else has
          access to it.
        </p>
        <p>The e-mail address you sign up with identifies your account and cannot be changed from the profile page.</p>
      </>
    ),
  },
  {
    id: 'what-you-may-broadcast',
    heading: 'What you may broadcast',
    body: (
      <>
        <p>Requirements and listings must concern commercial real estate in your assigned market. In particular:</p>
        <ul>
          <li>for-lease and for-sale-to-user opportunities may be broadcast only within your assigned market;</li>
          <li>for-sale listings of property in another state are not allowed;</li>
          <li>residential land for sale must be at least ten acres or at least ten divisible parcels;</li>
          <li>
            apartment buildings for sale must have at least five rentable units, not counting a unit occupied by a
            manager;
          </li>
          <li>no other residential property, and no sales of businesses.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'broadcasts',
    heading: 'How broadcasts work',
    body: (
      <>
        <p>
          A requirement you create is e-mailed promptly to the brokers who subscribe to its category. A listing you
          publish joins the next weekday e-mail, sent at 9:00 AM Eastern time, and goes only to brokers who subscribe to
          its category. Each listing is broadcast once: it cannot be edited after publishing or sent again. Listings are
          removed automatically 120 days after they are broadcast.
        </p>
      </>
    ),
  },
  {
    id: 'conduct',
    heading: 'Rules of conduct',
    body: (
      <>
        <p>You agree not to:</p>
        <ul>
          <li>broadcast the same listing more than once, or post anything outside the rules above;</li>
          <li>use the network or its member contact details for advertising, solicitations or unrelated e-mail;</li>
          <li>send anything to members for a category they did not choose to receive;</li>
          <li>post information you know to be false or misleading, or that you have no right to share;</li>
          <li>copy, scrape or resell member information or content, or use it outside your brokerage work; or</li>
          <li>interfere with the service, probe its security or access accounts that are not yours.</li>
        </ul>
        <p>You remain bound by the law and by the rules of your license in everything you post.</p>
      </>
    ),
  },
  {
    id: 'content',
    heading: 'Your content',
    body: (
      <p>
        You keep ownership of what you post, such as requirements, listings, photos, brochures and your logo. You give
        us a non-exclusive, royalty-free licence to store, copy, display and send it to members as the service needs,
        for as long as it is on the network. You confirm that you have the right to grant that licence.
      </p>
    ),
  },
  {
    id: 'our-rights',
    heading: 'What we may do',
    body: (
      <>
        <p>To keep the network useful and lawful we may, at any time and without notice:</p>
        <ul>
          <li>refuse, suspend, disable or terminate any account;</li>
          <li>remove any requirement, listing or other contribution; and</li>
          <li>send legal or service bulletins to the members’ e-mail list.</li>
        </ul>
        <p>You may stop using the service at any time and ask us to close your account.</p>
      </>
    ),
  },
  {
    id: 'disclaimers',
    heading: 'No warranties',
    body: (
      <p>
        The service is provided “as is” and “as available”. Members, not we, write the requirements and listings; we do
        not check them and do not promise that they are accurate, complete or still available. We are not a party to
        any transaction between members and act as no one’s broker or agent. To the extent the law allows, we disclaim
        all warranties, express or implied, including merchantability, fitness for a particular purpose and
        non-infringement.
      </p>
    ),
  },
  {
    id: 'liability',
    heading: 'Limits on liability',
    body: (
      <>
        <p>
          To the extent the law allows, we are not liable for indirect, incidental, special, consequential or punitive
          damages, or for lost profits, commissions, data or opportunities, arising from your use of the service. Our
          total liability for any claim is limited to the amount you paid us for the service in the twelve months before
          the claim, if any.
        </p>
        <p>
          You agree to indemnify us against claims by third parties that arise from what you post or from your breach of
          these terms.
        </p>
      </>
    ),
  },
  {
    id: 'law-and-disputes',
    heading: 'Governing law and disputes',
    body: (
      <>
        <p>
          These terms are governed by the laws of the State of California, without regard to its conflict-of-law rules.
          Any court proceedings about the service or these terms will take place in the state or federal courts located
          in Michigan, and you consent to their jurisdiction.
        </p>
        <p>
          At our discretion, we may instead require a dispute to be settled by binding arbitration under the rules of
          the American Arbitration Association.
        </p>
        <p>
          Any claim you have arising out of or relating to the service or these terms must be brought within one year
          after it arose; after that it is permanently barred.
        </p>
      </>
    ),
  },
  {
    id: 'changes',
    heading: 'Changes and contact',
    body: (
      <p>
        We may update these terms; the version number at the top changes when we do, and continuing to use the service
        means you accept the new version. Questions about these terms: <ContactLink email={supportEmail} />.
      </p>
    ),
  },
];

export function TermsPage() {
  return (
    <LegalPage
      title="Terms of Use"
      intro={
        <p>
          These terms explain who may use this private broker network, what may be shared on it, and the rules every
          member agrees to. Please read them before you create an account.
        </p>
      }
      sections={sections}
    />
  );
}
