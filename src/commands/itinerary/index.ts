import { Command } from 'commander';
import type { Factory } from '../../factory.js';
import { newItineraryForDossierCmd } from './for-dossier.js';
import { newItineraryGetCmd } from './get.js';

export function newItineraryCmd(f: Factory): Command {
  return new Command('itinerary').addCommand(newItineraryGetCmd(f)).addCommand(newItineraryForDossierCmd(f));
}
