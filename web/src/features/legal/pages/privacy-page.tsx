import { Link } from '@tanstack/react-router';
import { supportEmail } from '@shared/catalog/product';
import { appPaths } from '@/app/paths';
import { ContactLink, LegalPage, type LegalSection } from './legal-page';

const sections: LegalSection[] = [
  {
    id: 'collect',
    heading: 'Information we collect',
    body: (
      <>
        <h3>What you give us</h3>
        <ul>
          <li>your name, e-mail address, telephone number, job title and broker license number;</li>
          <li>your brokerage’s name and postal address, your profile photo and your brokerage’s logo;</li>
          <li>the requirements you create and the properties you list, with their photos and brochures; and</li>
          <li>your e-mail subscription choices and your acceptance of our terms.</li>
        </ul>
        <h3>What we record when you use the service</h3>
        <ul>
          <li>your IP address and details of your browser and device;</li>
          <li>usage data, such as the pages you open, the actions you take and when; and</li>
          <li>sign-in events recorded by our identity provider.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'use',
    heading: 'How we use it',
    body: (
      <ul>
        <li>to create and secure your account and to review whether you are eligible;</li>
        <li>to broadcast your requirements and listings to the members who subscribe to their categories;</li>
        <li>to send you the broadcasts you chose, account messages and, when needed, legal or service bulletins;</li>
        <li>to answer your questions, and to find and stop abuse; and</li>
        <li>to understand how the service is used so that we can improve it.</li>
      </ul>
    ),
  },
  {
    id: 'members',
    heading: 'What other members see',
    body: (
      <p>
        The network exists so that brokers can reach each other. Your requirements and listings are shown to signed-in
        members together with your contact card: name, title, phone, e-mail, license number, photo and brokerage details.
        Anything you put in a requirement or listing is shared with members the same way.
      </p>
    ),
  },
  {
    id: 'sharing',
    heading: 'Sharing outside the network',
    body: (
      <>
        <p>We do not sell your personal information. We share it only:</p>
        <ul>
          <li>with service providers that host the service, store images and deliver e-mail for us, under contract;</li>
          <li>when the law, a court order or the protection of someone’s safety or rights requires it; and</li>
          <li>with a successor, if the service is transferred, under this policy.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'email',
    heading: 'Your e-mail choices',
    body: (
      <p>
        You choose which categories of requirements and listings you receive on your profile page. Every broadcast
        e-mail has a one-click unsubscribe link, and the <Link to={appPaths.unsubscribe}>unsubscribe page</Link> stops all broadcasts
        to an address. Messages about your account itself, such as its approval, are still sent.
      </p>
    ),
  },
  {
    id: 'storage',
    heading: 'Cookies and browser storage',
    body: (
      <p>
        We keep your sign-in tokens in your browser’s local storage so that you stay signed in, and one cookie that
        remembers whether the side menu is open (for seven days). We use no advertising cookies and no third-party
        trackers.
      </p>
    ),
  },
  {
    id: 'retention',
    heading: 'How long we keep it',
    body: (
      <p>
        Listings are deleted, with their images, 120 days after they are broadcast. Account information is kept while
        your account exists and for a reasonable time afterwards to meet legal obligations and settle disputes. Logs are
        kept for a limited period for security.
      </p>
    ),
  },
  {
    id: 'security',
    heading: 'Security',
    body: (
      <p>
        Data is encrypted in transit and at rest, access is limited to what each part of the service needs, and
        passwords are handled by our identity provider, never stored by us. No system is perfectly secure, so please use
        a strong password that you do not use elsewhere.
      </p>
    ),
  },
  {
    id: 'rights',
    heading: 'Your rights',
    body: (
      <p>
        You can see and correct most of your information on your profile page. To get a copy of your data, correct your
        e-mail address or have your account and data deleted, write to <ContactLink email={supportEmail} />. Depending on
        where you live, including California, you may have further rights under local law; we honour them and will not
        treat you differently for using them.
      </p>
    ),
  },
  {
    id: 'children',
    heading: 'Children',
    body: <p>The service is only for adults of 18 or older. We do not knowingly collect information about children.</p>,
  },
  {
    id: 'changes',
    heading: 'Changes and contact',
    body: (
      <p>
        We will post any change to this policy here and change its version number. Questions or requests:{' '}
        <ContactLink email={supportEmail} />. See also our <Link to="/termsAndConditions">Terms of Use</Link>.
      </p>
    ),
  },
];

export function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      intro={
        <p>
          This policy explains what personal information our private broker network collects, why, who can see it and
          the choices you have.
        </p>
      }
      sections={sections}
    />
  );
}
