import { useQueryClient } from '@tanstack/react-query';
import { NativeSelect } from '@/components/ui/native-select';
import { queryKeys } from '@/lib/query-keys';
import { setActingFor, useActingFor } from '@/lib/acting-for';
import { apiKey } from '@/lib/query';
import { useDelegations, workableBrokers } from '../api/delegation-queries';

/**
 * The header's "Working for": a delegate picks the broker whose listings and requirements they
 * work on, or themselves. Shown only to an account with an approved delegation (or one it still works for,
 * so a revoked broker stays visible while its refusals explain why). Switching forgets every page's data.
 */
export function ActingSwitcher() {
  const queryClient = useQueryClient();
  const acting = useActingFor();
  const { data } = useDelegations();
  const brokers = workableBrokers(data?.asDelegate).map((d) => ({ brokerId: d.brokerId, name: d.broker.name || d.broker.email }));
  if (acting && !brokers.some((b) => b.brokerId === acting.brokerId)) brokers.push({ ...acting, name: `${acting.name} (no access)` });
  if (brokers.length === 0) return null;

  const choose = (brokerId: string) => {
    const broker = brokers.find((b) => b.brokerId === brokerId);
    setActingFor(broker ? { brokerId: broker.brokerId, name: broker.name.replace(/ \(no access\)$/, '') } : null);
    const kept = new Set<unknown>([queryKeys.session[0], apiKey('listDelegations')[0]]);
    void queryClient.resetQueries({ predicate: (query) => !kept.has(query.queryKey[0]) });
  };

  return (
    <div className="flex items-center gap-2">
      <label htmlFor="acting-for" className="hidden text-sm whitespace-nowrap text-muted-foreground sm:inline">
        Working for
      </label>
      <NativeSelect id="acting-for" aria-label="Working for" className="max-w-[12rem]" value={acting?.brokerId ?? ''} onChange={(event) => choose(event.target.value)}>
        <option value="">Myself</option>
        {brokers.map((b) => (
          <option key={b.brokerId} value={b.brokerId}>
            {b.name}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
