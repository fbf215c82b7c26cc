/** Where the phone and e-mail choices apply (lambdas/domain/contacts.ts contactCardFor), said once for the Privacy card and its dialog. */
export const privacyScope =
  'The phone and e-mail choices apply to the broker directory: your card there, your broker page, and the contact lists other brokers save and export. Your listings and requirements, their matches and the e-mails about them always show your phone and e-mail to approved members, so they can reach you about them. Accounts awaiting approval never see them anywhere.';
