import { useInfiniteQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { auditActions, type AuditAction } from '@shared/api/schemas/audit';
import { auditActionNames, auditActorName, auditTargetName } from '@shared/rules/audit';
import { formatDateTime } from '@shared/rules/format';
import { PagedList } from '@/components/paged-list';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { auditLogQuery } from '../api/operator-queries';

/** Every operator action, newest first: who, what, on what, when; narrowed to one action on request. */
export function AuditLog() {
  const [action, setAction] = useState<AuditAction | undefined>(undefined);
  const query = useInfiniteQuery(auditLogQuery(action));
  const filterId = useId();
  return (
    <div className="grid gap-3">
      <div className="grid max-w-xs gap-1.5">
        <Label htmlFor={filterId}>Action</Label>
        <NativeSelect id={filterId} value={action ?? ''} onChange={(event) => setAction((event.target.value || undefined) as AuditAction | undefined)}>
          <option value="">Every action</option>
          {auditActions.map((value) => (
            <option key={value} value={value}>
              {auditActionNames[value]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <PagedList query={query} what="audit entries" empty={action ? 'No operator has done this yet.' : 'No operator action yet.'}>
        {(entries) => (
          <Table aria-label="Operator actions" scrollLabel="Operator actions, scrolls sideways">
            <TableHeader>
              <TableRow>
                <TableHead>When</TableHead>
                <TableHead>Who</TableHead>
                <TableHead>Action</TableHead>
                <TableHead>On what</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {entries.map((entry) => (
                <TableRow key={`${entry.at}-${entry.target.id}-${entry.action}`}>
                  <TableCell className="whitespace-nowrap">{formatDateTime(entry.at)}</TableCell>
                  <TableCell>{auditActorName(entry.actor)}</TableCell>
                  <TableCell>{auditActionNames[entry.action]}</TableCell>
                  <TableCell>
                    {auditTargetName(entry.target)}
                    {entry.detail && <span className="block text-muted-foreground">{entry.detail}</span>}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </PagedList>
    </div>
  );
}
