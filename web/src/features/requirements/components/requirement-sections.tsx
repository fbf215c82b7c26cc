import type { ReactNode } from 'react';
import type { Requirement } from '@shared/api/schemas/requirements';
import { formatBudget, formatSqftRange } from '@shared/rules/format';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

/** What the detail page and the create modal's confirm step both show (a Requirement fits). */
export interface RequirementContent
  extends Pick<Requirement, 'sqftMin' | 'sqftMax' | 'timing' | 'highlights' | 'description' | 'maxPrice' | 'maxLeaseRate' | 'maxLeaseFrequencyId'> {
  type: { name: string };
  propertyType: { name: string };
  markets: readonly { marketId: string; name: string }[];
}

function SectionCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="gap-3">
      <CardHeader>
        <CardTitle className="text-base">{title}</CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/**
 * Details (type, property type, "min - max sqft", timing), Submarkets, the non-empty Highlights and
 * Description / Special Instructions (spec 02 "Requirement detail").
 */
export function RequirementSections({ requirement }: { requirement: RequirementContent }) {
  const highlights = requirement.highlights.map((line) => line.trim()).filter(Boolean);
  const sqft = formatSqftRange(requirement.sqftMin, requirement.sqftMax);
  const budget = formatBudget(requirement);
  const details: [string, string][] = [
    ['Requirement Type', requirement.type.name],
    ['Property Type', requirement.propertyType.name],
    ['Square Footage', sqft || 'Not specified'],
    ['Timing', requirement.timing],
    ...(budget ? [['Budget', budget] as [string, string]] : []),
  ];
  return (
    <div className="grid gap-4">
      <SectionCard title="Details">
        <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
          {details.map(([label, value]) => (
            <div key={label} className="grid gap-0.5">
              <dt className="text-sm text-muted-foreground">{label}</dt>
              <dd className="font-medium">{value}</dd>
            </div>
          ))}
        </dl>
      </SectionCard>
      <SectionCard title="Submarkets">
        <ul className="flex flex-wrap gap-2" aria-label="Submarkets">
          {requirement.markets.map((market) => (
            <li key={market.marketId}>
              <Badge variant="secondary" className="text-sm">
                {market.name}
              </Badge>
            </li>
          ))}
        </ul>
      </SectionCard>
      {highlights.length > 0 && (
        <SectionCard title="Highlights">
          <ul className="grid list-disc gap-1 pl-5">
            {highlights.map((line, index) => (
              <li key={index}>{line}</li>
            ))}
          </ul>
        </SectionCard>
      )}
      <SectionCard title="Description / Special Instructions">
        {requirement.description.trim() ? (
          <p className="whitespace-pre-line">{requirement.description}</p>
        ) : (
          <p className="text-muted-foreground">No description.</p>
        )}
      </SectionCard>
    </div>
  );
}
