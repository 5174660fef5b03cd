/**
 * Issue 18, "Fit the screen": a change's summary line (reportChange) on a terminal wraps to its
 * width at spaces, later lines under the text after the ✓; in a pipe or a log it stays whole.
 */
import { describe, expect, it } from 'vitest';
import { reportChange } from '../../src/commands/destination.js';
import { testIO } from '../helpers/factory.js';

const onSandbox = async () => ({ profile: 'sandbox', sandbox: true });

describe('a change summary on stderr', () => {
  it('18 a change summary on a terminal wraps to its width under its text; further lines wrap under their own indent', async () => {
    const t = testIO({ tty: true, columns: 40 });
    await reportChange(
      { io: t.io, destination: onSandbox },
      'Added departure service 400016 to booking 200010: Option until 2027-01-13 00:00 EST.\n  Pay 250.00 CAD on booking 200010 to confirm the departure service.',
    );
    expect(t.err()).toBe(
      '✓ Added departure service 400016 to\n' +
        '  booking 200010: Option until\n' +
        '  2027-01-13 00:00 EST [sandbox]\n' +
        '  Pay 250.00 CAD on booking 200010 to\n' +
        '  confirm the departure service.\n',
    );
  });

  it('18 a change summary in a pipe stays one line however long', async () => {
    const t = testIO({ tty: false, columns: 40 });
    await reportChange({ io: t.io, destination: onSandbox }, 'Added departure service 400016 to booking 200010: Option until 2027-01-13T05:00:00Z.');
    expect(t.err()).toBe('✓ Added departure service 400016 to booking 200010: Option until 2027-01-13T05:00:00Z [sandbox]\n');
  });
});
