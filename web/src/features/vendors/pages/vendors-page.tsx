import { feedbackEmail } from '@shared/catalog';
import { StoreIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConsumerPage } from '@/features/consumer/components/consumer-page';

const vendorKinds = ['Title', 'Construction', 'Engineering', 'Furniture', 'Legal', 'and others'];

/** Spec 02 §2 "Vendors": announced as coming soon, with an invitation to send feedback. */
export function VendorsPage() {
  return (
    <ConsumerPage title="Vendors">
      <Card className="max-w-2xl">
        <CardHeader>
          <div className="flex items-center gap-3">
            <span className="flex size-10 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
              <StoreIcon aria-hidden="true" className="size-5" />
            </span>
            <div>
              <CardTitle className="flex items-center gap-2 text-lg">
                Vendor Lists <Badge variant="secondary">Coming Soon</Badge>
              </CardTitle>
              <CardDescription>Trusted vendors, curated for commercial real-estate brokers in our market.</CardDescription>
            </div>
          </div>
        </CardHeader>
        <CardContent className="space-y-4 text-sm">
          <p>
            We are putting together curated lists of the vendors our brokers rely on for their deals and their
            clients:
          </p>
          <ul className="flex flex-wrap gap-2" aria-label="Vendor categories">
            {vendorKinds.map((kind) => (
              <li key={kind}>
                <Badge variant="outline">{kind}</Badge>
              </li>
            ))}
          </ul>
          <p>
            Which vendors would you like to see here? Tell us at{' '}
            <a className="font-medium text-primary underline underline-offset-4" href={`mailto:${feedbackEmail}`}>
              {feedbackEmail}
            </a>
            .
          </p>
        </CardContent>
      </Card>
    </ConsumerPage>
  );
}
