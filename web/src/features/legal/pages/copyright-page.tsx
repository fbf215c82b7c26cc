import { Link } from '@tanstack/react-router';
import { supportEmail } from '@shared/catalog/product';
import { ContactLink, LegalPage, type LegalSection } from './legal-page';

const sections: LegalSection[] = [
  {
    id: 'respect',
    heading: 'Post only what you have rights to',
    body: (
      <p>
        Photos, brochures, floor plans, logos and descriptions are often protected by copyright. Post them only if you
        created them or have permission from the owner. Our <Link to="/termsAndConditions">Terms of Use</Link> require
        this of every member.
      </p>
    ),
  },
  {
    id: 'notice',
    heading: 'Reporting an infringement',
    body: (
      <>
        <p>
          If you believe material on the network infringes your copyright, send a written notice to our copyright
          contact at <ContactLink email={supportEmail} /> with:
        </p>
        <ul>
          <li>your physical or electronic signature, as the owner or someone authorised to act for the owner;</li>
          <li>a description of the copyrighted work;</li>
          <li>the material you say infringes it, with enough detail (such as the page address) for us to find it;</li>
          <li>your name, postal address, telephone number and e-mail address;</li>
          <li>a statement that you believe in good faith that the use is not authorised by the owner, its agent or the law; and</li>
          <li>
            a statement that the information in your notice is accurate and, under penalty of perjury, that you are the
            owner or authorised to act for the owner.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'response',
    heading: 'What we do with a notice',
    body: (
      <p>
        When we receive a complete notice we remove the material or disable access to it promptly, and we tell the
        member who posted it, passing on a copy of the notice.
      </p>
    ),
  },
  {
    id: 'counter-notice',
    heading: 'Counter-notice',
    body: (
      <>
        <p>
          If your material was removed and you believe that was a mistake or a misidentification, you may send us a
          counter-notice at the same address with:
        </p>
        <ul>
          <li>your physical or electronic signature;</li>
          <li>a description of the material that was removed and where it appeared before removal;</li>
          <li>
            a statement, under penalty of perjury, that you believe in good faith the material was removed by mistake or
            misidentification;
          </li>
          <li>your name, postal address and telephone number; and</li>
          <li>
            your consent to the jurisdiction of the federal court for your district (or, if you are outside the United
            States, any district where we may be found), and that you will accept service of process from the person who
            sent the original notice.
          </li>
        </ul>
        <p>
          We forward the counter-notice to the person who complained. If they do not tell us within ten business days
          that they have filed a court action to keep the material off the network, we may restore it.
        </p>
      </>
    ),
  },
  {
    id: 'repeat',
    heading: 'Repeat infringers',
    body: <p>We disable the accounts of members who repeatedly infringe others’ copyrights.</p>,
  },
  {
    id: 'misrepresentation',
    heading: 'False notices',
    body: (
      <p>
        Knowingly claiming that material infringes, or that it was removed by mistake, when that is not true may make
        you liable for the damages it causes. If you are unsure, consider asking a lawyer before you send a notice.
      </p>
    ),
  },
];

export function CopyrightPage() {
  return (
    <LegalPage
      title="Copyright Policy"
      intro={
        <p>
          We respect the rights of creators and expect our members to do the same. This policy explains how to report
          material that infringes your copyright and how a member can respond.
        </p>
      }
      sections={sections}
    />
  );
}
