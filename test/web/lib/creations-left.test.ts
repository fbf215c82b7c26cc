import { describe, expect, it } from 'vitest';
import { creationsLeftText, FEW_LEFT } from '@/features/creation-quota/components/creations-left-note';

describe('creations left today', () => {
  it('says nothing while more than a few remain, then how many, then when more can be created', () => {
    expect(creationsLeftText('requirements', FEW_LEFT + 1, 10)).toBeUndefined();
    expect(creationsLeftText('requirements', 3, 10)).toBe('You can create 3 more requirements today.');
    expect(creationsLeftText('listings', 1, 20)).toBe('You can create 1 more listing today.');
    expect(creationsLeftText('requirements', 0, 10)).toBe('You have created 10 requirements today, the most one broker can in a day. You can create more tomorrow.');
  });
});
