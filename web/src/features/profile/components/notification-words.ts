import type { NotificationPreferences } from '@shared/api/schemas/users';

/** How each notification preference reads, on the card and in its dialog. */
export const requirementDeliveryLabels: Record<NotificationPreferences['requirements'], string> = {
  instant: 'E-mail each one as it is broadcast',
  digest: 'Gather them in my digest',
  off: 'Do not e-mail them',
};
export const matchDeliveryLabels: Record<NotificationPreferences['matches'], string> = {
  instant: 'E-mail new strong matches (at most one e-mail an hour)',
  digest: 'Gather them in my digest',
};
export const digestFrequencyLabels: Record<NotificationPreferences['digestFrequency'], string> = {
  weekdays: 'Every weekday',
  weekly: 'Weekly, on Monday',
};
