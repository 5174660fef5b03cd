import { Command } from 'commander';
import type { Factory } from '../../factory.js';
import { newItineraryForDossierCmd } from './for-dossier.js';
import { newItineraryGetCmd } from './get.js';

export function newItineraryCmd(f: Factory): Command {
  return new Command('itinerary')
    .description("Read tour itineraries as day-by-day plans (also as Markdown), and pick the one a dossier uses on a date")
    .addCommand(newItineraryGetCmd(f))
    .addCommand(newItineraryForDossierCmd(f));
}
