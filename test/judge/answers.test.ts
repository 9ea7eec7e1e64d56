import { describe, expect, it } from 'vitest';
import { answerContains, answerMatches, extractNumbers, normalizeAnswer } from '../../bridge/judge/answers.ts';

describe('normalizeAnswer', () => {
  it.each([
    ['Ｈｅｌｌｏ　Ｗｏｒｌｄ', 'hello world'],
    ['  Alice   Smith \n', 'alice smith'],
    ['ALICE', 'alice'],
    ['Alice.', 'alice'],
    ['Alice!', 'alice'],
    ['Alice！', 'alice'],
    ['张三。', '张三'],
    ['张三｡', '张三'],
    ['Yes?!', 'yes'],
    ['done …', 'done'],
    ['"Alice"', 'alice'],
    ['「张三」', '张三'],
    ['“Bob.”', 'bob'],
    ['', ''],
  ])('%j → %j', (input, output) => {
    expect(normalizeAnswer(input)).toBe(output);
  });

  it('keeps punctuation inside the text', () => {
    expect(normalizeAnswer('3.14')).toBe('3.14');
    expect(normalizeAnswer("it's Bob's")).toBe("it's bob's");
    expect(normalizeAnswer('a.b.c.')).toBe('a.b.c');
  });

  it('turns full-width digits and letters into ASCII', () => {
    expect(normalizeAnswer('ＡＢＣ１２３')).toBe('abc123');
  });
});

describe('extractNumbers', () => {
  it.each([
    ['1,234', [1234]],
    ['１２３', [123]],
    ['12.50', [12.5]],
    ['１，２３４．５', [1234.5]],
    ['-3 and −4', [-3, -4]],
    ['total: 1,234,567 yuan', [1234567]],
    ['12,50', [12, 50]],
    ['1,2345', [1, 2345]],
    ['.5', [0.5]],
    ['2024-05-03', [2024, 5, 3]],
    ['no digits here', []],
  ])('%j → %j', (text, numbers) => {
    expect(extractNumbers(text)).toEqual(numbers);
  });
});

describe('answerMatches', () => {
  it('compares normalised strings', () => {
    expect(answerMatches('  ALICE. ', 'Alice')).toBe(true);
    expect(answerMatches('Ａｌｉｃｅ', 'alice')).toBe(true);
    expect(answerMatches('Alice Smith', 'Alice')).toBe(false);
    expect(answerMatches('Alicia', 'Alice')).toBe(false);
  });

  it('treats a null answer as wrong', () => {
    expect(answerMatches(null, 'x')).toBe(false);
    expect(answerMatches(null, { number: 0 })).toBe(false);
  });

  it('accepts any of a list of alternatives', () => {
    expect(answerMatches('Bob', ['Alice', 'bob'])).toBe(true);
    expect(answerMatches('Carol', ['Alice', 'Bob'])).toBe(false);
    expect(answerMatches('Carol', [])).toBe(false);
  });

  it('tests a regular expression on the cleaned answer, with or without case folding', () => {
    expect(answerMatches(' Meeting at 3pm. ', /^meeting at \dpm$/)).toBe(true);
    expect(answerMatches('Meeting at 3pm.', /^Meeting at \dpm\.$/)).toBe(true);
    expect(answerMatches('Ｍｅｅｔｉｎｇ', /^Meeting$/)).toBe(true);
    expect(answerMatches('nothing', /meeting/)).toBe(false);
  });

  it('gives the same result for a global regex called twice', () => {
    const re = /bob/g;
    expect(answerMatches('bob', re)).toBe(true);
    expect(answerMatches('bob', re)).toBe(true);
  });

  it('reads numbers in any format', () => {
    expect(answerMatches('1,234', { number: 1234 })).toBe(true);
    expect(answerMatches('１２３', { number: 123 })).toBe(true);
    expect(answerMatches('12.50', { number: 12.5 })).toBe(true);
    expect(answerMatches('There are 3 unread messages.', { number: 3 })).toBe(true);
    expect(answerMatches('共 ５ 条', { number: 5 })).toBe(true);
    expect(answerMatches('-7°C', { number: -7 })).toBe(true);
  });

  it('requires the number to be right within the tolerance', () => {
    expect(answerMatches('1,235', { number: 1234 })).toBe(false);
    expect(answerMatches('12.49', { number: 12.5, tolerance: 0.01 })).toBe(true);
    expect(answerMatches('12.4', { number: 12.5, tolerance: 0.01 })).toBe(false);
    expect(answerMatches('0.3', { number: 0.1 + 0.2 })).toBe(true);
  });

  it('rejects an answer without a number, or one hedging between numbers', () => {
    expect(answerMatches('three', { number: 3 })).toBe(false);
    expect(answerMatches('3 or 4', { number: 3 })).toBe(false);
    expect(answerMatches('3, I mean 3', { number: 3 })).toBe(true);
  });
});

describe('answerContains', () => {
  it('finds a normalised mention', () => {
    expect(answerContains('The meeting is with ALICE on Monday.', 'alice')).toBe(true);
    expect(answerContains('Ｔｈｅ ｍｅｅｔｉｎｇ ｉｓ ｗｉｔｈ Ｂｏｂ', 'bob')).toBe(true);
    expect(answerContains('It is with Bob', 'Carol')).toBe(false);
  });

  it('does not count a part of a longer Latin word or number as a mention', () => {
    expect(answerContains('Alice', 'Al')).toBe(false);
    expect(answerContains('room 123', '12')).toBe(false);
    expect(answerContains('Al, Bob', 'Al')).toBe(true);
    expect(answerContains('Alice and Al', 'Al')).toBe(true);
  });

  it('matches CJK text as a substring', () => {
    expect(answerContains('联系人是张三，电话见上', '张三')).toBe(true);
    expect(answerContains('在3号楼', '3')).toBe(true);
  });

  it('accepts any of a list', () => {
    expect(answerContains('I talked to Bob', ['Alice', 'Bob'])).toBe(true);
    expect(answerContains('I talked to Dan', ['Alice', 'Bob'])).toBe(false);
  });

  it('finds a number among others', () => {
    expect(answerContains('You have 3 unread messages in 2 chats', { number: 2 })).toBe(true);
    expect(answerContains('Total: ¥1,234.00', { number: 1234 })).toBe(true);
    expect(answerContains('Total: ¥1,234.00', { number: 123 })).toBe(false);
  });

  it('treats a null answer as not mentioning anything', () => {
    expect(answerContains(null, 'a')).toBe(false);
  });

  it('uses a regular expression as a search', () => {
    expect(answerContains('Call me at 555-0101', /\d{3}-\d{4}/)).toBe(true);
  });
});
