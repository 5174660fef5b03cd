/**
 * The one fixed "now" of the suite. Every sandbox a test starts has its clock here (and the
 * seed's dates follow it), so dates in assertions hold on any day the suite runs; a test about
 * the wall clock itself says so (see test/clock-pinned.test.ts).
 */
export const NOW = new Date('2027-01-10T15:00:00Z');
