import { formatPhone } from '@shared/rules/format';
import { cn } from '@/lib/utils';

/** A phone number as every screen shows it ("(916) 555-0142" when it has 10 digits), dialled on a tap. */
export function PhoneLink({ phone, className }: { phone: string; className?: string }) {
  return (
    <a href={`tel:${phone.replace(/[^\d+]/g, '')}`} className={cn('underline-offset-4', className)}>
      {formatPhone(phone)}
    </a>
  );
}
