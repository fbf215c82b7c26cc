import { describe, expect, it } from 'vitest';
import { indexPartition, partitionFor, partitionsOf } from '../../../lambdas/data/requirements';

describe('requirement browse index partitions', () => {
  const record = { requirementTypeId: 'for-lease', propertyTypeId: 'office', marketIds: ['sac-midtown', 'yolo-davis'] } as const;

  it('writes 2 × 2 × (markets + 1) items, one per filter combination', () => {
    const partitions = partitionsOf({ ...record, marketIds: [...record.marketIds] });
    expect(partitions).toHaveLength(2 * 2 * 3);
    expect(new Set(partitions).size).toBe(partitions.length);
    expect(partitions).toContain(indexPartition('*', '*', '*'));
    expect(partitions).toContain(indexPartition('for-lease', 'office', 'yolo-davis'));
    expect(partitions).toContain(indexPartition('*', 'office', 'sac-midtown'));
  });

  it('counts a market named twice once', () => {
    expect(partitionsOf({ ...record, marketIds: ['sac-midtown', 'sac-midtown'] })).toHaveLength(8);
  });

  it('reads exactly one partition per filter, ALL or absent meaning any', () => {
    expect(partitionFor({})).toBe('REQIDX#*#*#*');
    expect(partitionFor({ requirementTypeId: 'ALL', propertyTypeId: 'office', marketId: undefined })).toBe('REQIDX#*#office#*');
    expect(partitionFor({ requirementTypeId: 'for-lease', propertyTypeId: 'office', marketId: 'yolo-davis' })).toBe(
      'REQIDX#for-lease#office#yolo-davis',
    );
  });

  it('every partition a filter reads is one the requirement was written to when it matches', () => {
    const written = new Set(partitionsOf({ ...record, marketIds: [...record.marketIds] }));
    for (const requirementTypeId of [undefined, 'for-lease']) {
      for (const propertyTypeId of [undefined, 'office']) {
        for (const marketId of [undefined, 'sac-midtown', 'yolo-davis']) {
          expect(written.has(partitionFor({ requirementTypeId, propertyTypeId, marketId }))).toBe(true);
        }
      }
    }
    expect(written.has(partitionFor({ marketId: 'placer-auburn' }))).toBe(false);
    expect(written.has(partitionFor({ propertyTypeId: 'retail' }))).toBe(false);
  });
});
