import { describe, expect, it } from 'vitest';
import { itemPath } from '../../../src/api/resources/common.js';
import { checkId, idProblem, idSegment, invalidIdMessage } from '../../../src/api/resources/ids.js';
import { UsageError } from '../../../src/errors.js';

describe('13.2 the id validator', () => {
  it.each([
    ['', 'it is empty'],
    [' ', 'it starts or ends with a blank'],
    [' 1', 'it starts or ends with a blank'],
    ['1 ', 'it starts or ends with a blank'],
    ['1\n', 'it starts or ends with a blank'],
    ['\u00a01', 'it starts or ends with a blank'],
    ['.', '"." names a folder of the path, not a resource'],
    ['..', '".." names a folder of the path, not a resource'],
    ['a/b', 'it contains "/"'],
    ['?x', 'it contains "?"'],
    ['#x', 'it contains "#"'],
    ['%2e', 'it contains "%"'],
    ['a b', 'it contains a blank (U+0020)'],
    ['a\tb', 'it contains a blank (U+0009)'],
    ['a\u3000b', 'it contains a blank (U+3000)'],
    ['\u0007', 'it contains a control character (U+0007)'],
    ['\u009b', 'it contains a control character (U+009B)'],
    ['a\u007fb', 'it contains a control character (U+007F)'],
    ['1\u202e2', 'it contains an invisible formatting character (U+202E)'],
    ['1\u200b', 'it contains an invisible formatting character (U+200B)'],
    ['1\ud800', 'it contains an unpaired surrogate (U+D800)'],
  ])('refuses %j: %s', (value, why) => {
    expect(idProblem(value)).toBe(why);
  });

  it.each(['200001', '3f9a0c2e7b1d4e5f6a7b8c9d', '100001-1', 'é', '...', '.x', 'a.b', 'x;y=z', "o'k", 'A_b~c', '😀'])('accepts %j', (value) => {
    expect(idProblem(value)).toBeUndefined();
    expect(checkId(value, 'booking id')).toBe(value);
  });

  it('names where the value came from and quotes it terminal-safe', () => {
    expect(invalidIdMessage('a/b', '--booking')).toBe('--booking "a/b" is not a valid id: it contains "/"');
    expect(invalidIdMessage('\u001b[2J', 'booking id')).toBe('booking id "\\u001b[2J" is not a valid id: it contains a control character (U+001B)');
    expect(invalidIdMessage('1', 'booking id')).toBeUndefined();
    expect(() => checkId('..', 'service id')).toThrow(new UsageError('service id ".." is not a valid id: ".." names a folder of the path, not a resource'));
  });

  it('the resource layer builds a path only from ids, each one encoded segment', () => {
    expect(itemPath('bookings', '200001')).toBe('/bookings/200001/');
    expect(itemPath('bookings', '200001', 'services')).toBe('/bookings/200001/services/');
    expect(itemPath('itineraries', '700001', 'v:2')).toBe('/itineraries/700001/v%3A2/');
    expect(idSegment('é:1')).toBe('%C3%A9%3A1');
    for (const bad of ['', '.', '..', 'a/b', '?x', '%2e']) {
      expect(() => itemPath('bookings', bad)).toThrow(UsageError);
      expect(() => itemPath('itineraries', '700001', bad)).toThrow(UsageError);
    }
    expect(() => itemPath('bookings', '..')).toThrow('id ".." is not a valid id');
  });
});
