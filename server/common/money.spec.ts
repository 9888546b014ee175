import { toMinorUnits } from './money.js';

describe('toMinorUnits', () => {
  it('converts decimals by the currency’s digits', () => {
    expect(toMinorUnits('49.90', 'USD')).toBe(4990);
    expect(toMinorUnits('0.29', 'EUR')).toBe(29);
    expect(toMinorUnits('1200', 'JPY')).toBe(1200);
    expect(toMinorUnits('12.345', 'BHD')).toBe(12345);
    expect(toMinorUnits(19.99, null)).toBe(1999);
    expect(toMinorUnits('-5.5', 'USD')).toBe(-550);
  });

  it('gives null for what is not an amount', () => {
    expect(toMinorUnits(null, 'USD')).toBeNull();
    expect(toMinorUnits('', 'USD')).toBeNull();
    expect(toMinorUnits('12,50', 'USD')).toBeNull();
    expect(toMinorUnits('1e3', 'USD')).toBeNull();
  });
});
