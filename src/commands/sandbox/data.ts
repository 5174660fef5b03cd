/**
 * What `trek sandbox serve` and `trek sandbox reset` share: where the sandbox's state lives,
 * the catalogue flags, and turning a refused snapshot into a usage error that names the file.
 */
import { resolve } from 'node:path';
import { UsageError } from '../../errors.js';
import type { Factory } from '../../factory.js';
import { parseInteger } from '../flags.js';

export const DATA_HELP = "snapshot file holding the sandbox state (default: the built-in profile's, shared with every trek command)";
export const SEED_HELP = 'catalogue seed of a new sandbox (the same seed gives the same catalogue)';
export const SIZE_HELP = 'number of departures of a new sandbox';

/**
 * --data FILE as an absolute path (messages name it), else the embedded profile's snapshot: serve
 * and reset default to it, so they see what trek commands made.
 */
export function dataFileFlag(f: Factory, data: string | undefined): string {
  return data === undefined ? f.embeddedSandboxFile() : resolve(data);
}

export interface CatalogueFlags {
  seed?: string;
  size?: string;
}

/** --seed and --size within what the sandbox accepts (its own limits, loaded with it). */
export async function parseCatalogueFlags(flags: CatalogueFlags): Promise<{ seed?: number; size?: number }> {
  const { MAX_SANDBOX_SIZE, MAX_SEED } = await import('../../sandbox/index.js');
  return {
    seed: flags.seed === undefined ? undefined : parseInteger(flags.seed, '--seed', { min: 0, max: MAX_SEED }),
    size: flags.size === undefined ? undefined : parseInteger(flags.size, '--size', { min: 1, max: MAX_SANDBOX_SIZE }),
  };
}

/**
 * A data file the sandbox refuses (damaged, unknown version, locked too long, disk full) names
 * the file and is exit 2 anyway (src/main.ts); as a usage error it can carry a hint. Other
 * errors pass through.
 */
export function explainSnapshotError(error: unknown, hint: string): unknown {
  if (error instanceof Error && error.name === 'SnapshotError') return new UsageError(error.message, hint);
  return error;
}
