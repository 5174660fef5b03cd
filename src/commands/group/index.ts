import { Command } from 'commander';
import type { Factory } from '../../factory.js';
import { newGroupExportCmd } from './export.js';
import { newGroupImportCmd } from './import.js';

export function newGroupCmd(f: Factory): Command {
  return new Command('group').addCommand(newGroupImportCmd(f)).addCommand(newGroupExportCmd(f));
}
