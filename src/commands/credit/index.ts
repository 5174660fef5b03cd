import { Command } from 'commander';
import type { Factory } from '../../factory.js';

// PLACEHOLDER: replaced by the helper that builds this noun's verbs.
export function newCreditCmd(_f: Factory): Command {
  return new Command('credit');
}
