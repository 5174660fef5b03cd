import { describe, expect, it } from 'vitest';
import { nearestMatch } from '../../src/util/nearest.js';

describe('nearestMatch', () => {
  const statuses = ['AVAILABLE', 'NOT_BOOKABLE', 'REQUEST_SPACE', 'WAIT_LIST'];

  it('names the value one typo away, whatever the case', () => {
    expect(nearestMatch('AVAILBLE', statuses)).toBe('AVAILABLE');
    expect(nearestMatch('wait_lst', statuses)).toBe('WAIT_LIST');
  });

  it('names nothing when every candidate differs in more than a third of its characters', () => {
    expect(nearestMatch('SOLD_OUT', statuses)).toBeUndefined();
    expect(nearestMatch('x', [])).toBeUndefined();
  });
});
