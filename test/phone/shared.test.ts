/** The helpers every app shares (simulator-apps/shared/*.ts): money, dates, ids, drafts. */
import { describe, expect, it } from 'vitest';
import { addDays, dateLabel, daysBetween, isDateKey, weekdayIndex, weekdayName } from '../../simulator-apps/shared/dates.ts';
import { sameDraft } from '../../simulator-apps/shared/drafts.ts';
import { maxSuffix, nextId } from '../../simulator-apps/shared/ids.ts';
import { Kept } from '../../simulator-apps/shared/kept.ts';
import { fareText, moneyText, priceText, yuanText } from '../../simulator-apps/shared/money.ts';

describe('money', () => {
  it('shows each app its own number of decimals from one formatter', () => {
    expect(moneyText(12_990)).toBe('129.90');
    expect(moneyText(12_900)).toBe('129.00');
    expect(moneyText(-1_250)).toBe('-12.50');
    expect(priceText(12_900)).toBe('129');
    expect(priceText(12_990)).toBe('129.90');
    expect(priceText(12_905)).toBe('129.05');
    expect(fareText(55_300)).toBe('553');
    expect(fareText(55_350)).toBe('553.5');
    expect(fareText(55_301)).toBe('553.01');
    expect(fareText(-200)).toBe('-2');
    expect(yuanText(123_456_789)).toBe('1,234,567.89');
    expect(yuanText(-100_000)).toBe('-1,000.00');
  });
});

describe('dates', () => {
  it('counts days across months and years, and names weekdays two ways', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(daysBetween('2026-03-14', '2026-04-01')).toBe(18);
    expect(weekdayIndex('2026-03-14')).toBe(6);
    expect(weekdayIndex('2026-03-15')).toBe(0);
    expect(weekdayName('2026-03-14')).toBe('周六');
    expect(dateLabel('2026-03-04')).toBe('3月4日');
    expect(isDateKey('2028-02-29')).toBe(true);
    expect(isDateKey('2026-02-29')).toBe(false);
  });
});

describe('ids', () => {
  it('mints one past the largest serial of the prefix, never reusing a deleted one', () => {
    expect(nextId(['c_01', 'c_07', 'g_09'], 'c_', 2)).toBe('c_08');
    expect(nextId([], 'b_', 4)).toBe('b_0001');
    expect(nextId(['bd_3'], 'bd_', 0)).toBe('bd_4');
    expect(maxSuffix(['m_x', 'm_00012'], 'm_')).toBe(12);
  });
});

describe('drafts', () => {
  it('compares drafts by value, keys in any order', () => {
    expect(sameDraft({ a: 1, b: [{ c: 'x' }] }, { b: [{ c: 'x' }], a: 1 })).toBe(true);
    expect(sameDraft({ a: 1, b: [] as string[] }, { a: 1, b: ['x'] })).toBe(false);
    expect(sameDraft({ a: '' }, { a: '', b: '' } as { a: string })).toBe(false);
  });
});

describe('Kept (shared/kept.ts)', () => {
  it('makes a value once per key and forgets the oldest past its limit', () => {
    const kept = new Kept<string, number>(2);
    let made = 0;
    const make = () => ++made;
    expect(kept.get('a', make)).toBe(1);
    expect(kept.get('a', make)).toBe(1);
    expect(kept.get('b', make)).toBe(2);
    expect(kept.get('c', make)).toBe(3); // 'a' goes
    expect(kept.get('b', make)).toBe(2);
    expect(kept.get('a', make)).toBe(4);
  });
});
