import { Command } from 'commander';
import type { Factory } from '../../factory.js';
import { newActivitiesCmd } from './activities.js';
import { newDeparturesCmd } from './departures.js';
import { newTourDossiersCmd } from './tour-dossiers.js';

export function newSearchCmd(f: Factory): Command {
  return new Command('search').addCommand(newDeparturesCmd(f)).addCommand(newTourDossiersCmd(f)).addCommand(newActivitiesCmd(f));
}
