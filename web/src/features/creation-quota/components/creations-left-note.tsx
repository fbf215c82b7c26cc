import { useCreationQuota } from '../api/creation-quota';

/** Shown once this few or fewer remain: until then the limit never matters to a broker. */
export const FEW_LEFT = 3;

const nouns = { requirements: ['requirement', 'requirements'], listings: ['listing', 'listings'] } as const;

export function creationsLeftText(kind: keyof typeof nouns, left: number, limit: number): string | undefined {
  const [one, many] = nouns[kind];
  if (left > FEW_LEFT) return undefined;
  if (left === 0) return `You have created ${limit} ${many} today, the most one broker can in a day. You can create more tomorrow.`;
  return `You can create ${left} more ${left === 1 ? one : many} today.`;
}

/** How many requirements or listings the broker may still create today, when few remain. */
export function CreationsLeftNote({ kind, id }: { kind: keyof typeof nouns; id?: string }) {
  const { data } = useCreationQuota();
  const allowance = data?.quota[kind];
  const text = allowance && creationsLeftText(kind, allowance.left, allowance.limit);
  if (!text) return null;
  return (
    <p id={id} role="status" className="text-xs text-muted-foreground">
      {text}
    </p>
  );
}
