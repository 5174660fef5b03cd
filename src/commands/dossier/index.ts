import { Command } from 'commander';
import type { Factory } from '../../factory.js';
import { newDossierGetCmd } from './get.js';

export function newDossierCmd(f: Factory): Command {
  return new Command('dossier').addCommand(newDossierGetCmd(f));
}
