import { describe, expect, it } from 'vitest';
import { legacyLogoKey } from '../../../lambdas/domain/assets';

describe('legacyLogoKey', () => {
  it('reads a legacy logo path in the broker-images folder (spec 01 §3); a full address stays as it is', () => {
    expect(legacyLogoKey('delta.png')).toBe('broker-images/delta.png');
    expect(legacyLogoKey('/delta.png')).toBe('broker-images/delta.png');
    expect(legacyLogoKey('firms/delta.png')).toBe('broker-images/firms/delta.png');
    expect(legacyLogoKey('https://cdn.example.com/delta.png')).toBe('https://cdn.example.com/delta.png');
    expect(legacyLogoKey('http://cdn.example.com/delta.png')).toBe('http://cdn.example.com/delta.png');
  });
});
