/** What `itinerary get` and `itinerary for-dossier` share: the --markdown flag and how an itinerary is printed. */
import type { Itinerary } from '../../api/resources/itineraries.js';
import { UsageError } from '../../errors.js';
import type { Factory } from '../../factory.js';
import { renderItem, writeView } from '../../output/render.js';
import { textTools } from '../../output/text.js';
import { makeTheme } from '../../output/theme.js';
import type { ResourceOptions } from '../resource.js';
import { markdownStyle, renderPlan, terminalStyle } from './plan.js';

export interface ItineraryShowOptions extends ResourceOptions {
  markdown: boolean;
  /** YYYY-MM-DD: tells past variations from future ones. */
  today: string;
}

export const MARKDOWN_HELP = 'write the plan as Markdown (for e-mailing a customer) instead of a table or the resource';

/** --markdown is an output format of its own: it cannot be combined with -o (other than table) or --fields. */
export function checkMarkdownFlag(f: Factory, markdown: boolean): void {
  if (!markdown) return;
  if (f.globals.output !== undefined && f.globals.output !== 'table') throw new UsageError(`use either --markdown or -o ${f.globals.output}, not both`);
  if (f.globals.fields) throw new UsageError('--fields does not apply to --markdown');
}

/**
 * Markdown with --markdown; the day-by-day plan in table view; otherwise (other formats, or
 * --fields) the itinerary resource itself.
 */
export async function showItinerary(opts: ItineraryShowOptions, itinerary: Itinerary): Promise<void> {
  opts.history.remember('itinerary', [{ id: itinerary.id, label: itinerary.label ?? itinerary.tour_dossier?.name ?? undefined }]);
  if (opts.markdown) {
    opts.io.out.write(renderPlan(itinerary, markdownStyle, opts.today));
    return;
  }
  if (opts.output.format === 'table' && !opts.output.fields) {
    const style = terminalStyle(makeTheme(opts.output.color), { text: await textTools(), width: opts.output.width });
    await writeView(opts.io, { text: renderPlan(itinerary, style, opts.today), cut: false }, opts.output);
    return;
  }
  await renderItem(opts.io, itinerary, opts.output, { xmlRoot: 'itinerary' });
}
