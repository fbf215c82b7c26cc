import { screen, within } from '@testing-library/react';

/** Each rule of the password checklist as read out: "At least 8 characters: done" or "…: not yet". */
export const passwordRuleStates = () =>
  within(screen.getByRole('list', { name: 'Password rules' }))
    .getAllByRole('listitem')
    .map((rule) => rule.textContent);

export const noRuleMet = [
  'At least 8 characters: not yet',
  'An uppercase letter: not yet',
  'A lowercase letter: not yet',
  'A number: not yet',
  'One of @$!%*?&: not yet',
];
