import { describe, expect, it } from 'vitest';
import { composeBrokerAddress2, splitBrokerAddress2 } from '../../../shared/rules';

describe('composeBrokerAddress2', () => {
  it('composes "City, ST 12345"', () => {
    expect(composeBrokerAddress2({ city: 'Sacramento', state: 'CA', zip: '95814' })).toBe('Sacramento, CA 95814');
  });

  it('trims, uppercases the state and leaves out missing parts', () => {
    expect(composeBrokerAddress2({ city: ' Sacramento ', state: 'ca', zip: ' 95814 ' })).toBe('Sacramento, CA 95814');
    expect(composeBrokerAddress2({ city: 'Sacramento', state: 'CA', zip: '' })).toBe('Sacramento, CA');
    expect(composeBrokerAddress2({ city: '', state: 'CA', zip: '95814' })).toBe('CA 95814');
    expect(composeBrokerAddress2({ city: 'Sacramento', state: '', zip: '95814' })).toBe('Sacramento, 95814');
    expect(composeBrokerAddress2({ city: 'Sacramento', state: '', zip: '' })).toBe('Sacramento');
    expect(composeBrokerAddress2({ city: '', state: '', zip: '' })).toBe('');
  });
});

describe('splitBrokerAddress2', () => {
  it('parses back every form composeBrokerAddress2 writes', () => {
    const values = [
      { city: 'Sacramento', state: 'CA', zip: '95814' },
      { city: 'El Dorado Hills', state: 'CA', zip: '95762-1234' },
      { city: 'Sacramento', state: 'CA', zip: '' },
      { city: '', state: 'CA', zip: '95814' },
      { city: 'Sacramento', state: '', zip: '95814' },
      { city: 'Sacramento', state: '', zip: '' },
      { city: '', state: '', zip: '' },
    ];
    for (const value of values) expect(splitBrokerAddress2(composeBrokerAddress2(value))).toEqual(value);
  });

  it('reads hand-typed legacy values without the comma', () => {
    expect(splitBrokerAddress2('Rancho Cordova CA 95670')).toEqual({ city: 'Rancho Cordova', state: 'CA', zip: '95670' });
    expect(splitBrokerAddress2('roseville ca')).toEqual({ city: 'roseville', state: 'CA', zip: '' });
  });

  it('puts an unparseable legacy value whole into City', () => {
    for (const legacy of ['Suite 200', 'PO Box 12345', 'Sacramento, California 95814', 'Reno, XX 89501']) {
      expect(splitBrokerAddress2(legacy)).toEqual({ city: legacy, state: '', zip: '' });
    }
  });

  it('treats a missing value as empty fields', () => {
    expect(splitBrokerAddress2(null)).toEqual({ city: '', state: '', zip: '' });
    expect(splitBrokerAddress2(undefined)).toEqual({ city: '', state: '', zip: '' });
    expect(splitBrokerAddress2('   ')).toEqual({ city: '', state: '', zip: '' });
  });
});
