/**
 * An itinerary as a readable day-by-day plan, written either for a terminal or as Markdown
 * (to e-mail a customer). One walk over the itinerary produces both: a PlanStyle decides how
 * a title, a list or a paragraph looks and how server text is made safe — sanitised for the
 * terminal, and sanitised then Markdown-escaped for Markdown, so a day summary can never
 * inject a heading, a link or HTML into the customer's e-mail.
 */
import type { DateRange, Itinerary, ItineraryComponent, ItineraryDay } from '../../api/resources/itineraries.js';
import { placeName } from '../../api/resources/common.js';
import { displayValue, hasValue } from '../../output/value.js';
import { sanitize } from '../../output/sanitize.js';
import type { TextTools } from '../../output/text.js';
import type { Theme } from '../../output/theme.js';

export interface PlanStyle {
  /** Server text made safe for this output, on one line. */
  text(value: unknown): string;
  title(text: string): string;
  subtitle(text: string): string;
  heading(text: string): string;
  list(items: ReadonlyArray<readonly [label: string, value: string]>): string;
  paragraph(text: string): string;
  note(text: string): string;
  /** Between the heading, paragraphs and list of one day. */
  gap: string;
}

/**
 * The plan for a terminal; with `fit`, every line wraps to its width: a list item's following
 * lines indented under its text, a paragraph's under the paragraph, a note's after "Note: ".
 */
export function terminalStyle(theme: Theme, fit?: { text: TextTools; width: number }): PlanStyle {
  const wrap = (line: string, hanging: number) => (fit ? fit.text.wrap(line, fit.width, hanging).join('\n') : line);
  return {
    text: (value) => sanitize(displayValue(value)).trim(),
    title: (text) => wrap(theme.bold(text), 0),
    subtitle: (text) => wrap(theme.dim(text), 0),
    heading: (text) => wrap(theme.bold(text), 0),
    list: (items) => items.map(([label, value]) => wrap(`  ${theme.header(`${label}:`)} ${value}`, 4)).join('\n'),
    paragraph: (text) => wrap(`  ${text}`, 2),
    note: (text) => wrap(`${theme.warning('Note:')} ${text}`, 'Note: '.length),
    gap: '\n',
  };
}

/**
 * Backslash-escapes what Markdown would read as markup: inline syntax anywhere (emphasis,
 * code, links, HTML and entities, tables, strike-through), what GFM links by itself (the `://`
 * of a URL, `www.`, the `@` of an e-mail address) and block markers at the start (headings,
 * quotes, list items, setext underlines, numbered lists).
 */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/[\\`*_[\]<>&|~@]/g, (c) => `\\${c}`)
    .replace(/:\/\//g, ':\\//')
    .replace(/(www)\./gi, '$1\\.')
    .replace(/^([#>+=-])/, '\\$1')
    .replace(/^(\d+)([.)])/, '$1\\$2');
}

export const markdownStyle: PlanStyle = {
  text: (value) => escapeMarkdown(sanitize(displayValue(value)).trim()),
  title: (text) => `# ${text}`,
  subtitle: (text) => `*${text}*`,
  heading: (text) => `## ${text}`,
  list: (items) => items.map(([label, value]) => `- **${label}:** ${value}`).join('\n'),
  paragraph: (text) => text,
  note: (text) => `> **Note:** ${text}`,
  gap: '\n\n',
};

export interface DayBlock {
  /** "Day 1", or "Days 2–3" for consecutive days sharing one id (spec §2.10 rule 1). */
  label: string;
  day: ItineraryDay;
}

/** Consecutive days with the same `id` have identical content: one block with a range label. */
export function mergeDays(days: readonly ItineraryDay[]): DayBlock[] {
  const runs: ItineraryDay[][] = [];
  for (const day of [...days].sort((a, b) => (a.day ?? 0) - (b.day ?? 0))) {
    const run = runs.at(-1);
    const last = run?.at(-1);
    if (run && last && day.id !== undefined && day.id === last.id && day.day === (last.day ?? 0) + 1) run.push(day);
    else runs.push([day]);
  }
  return runs.map((run) => {
    const first = run[0];
    const last = run.at(-1)!;
    return { label: run.length === 1 ? `Day ${displayValue(first.day)}` : `Days ${displayValue(first.day)}–${displayValue(last.day)}`, day: first };
  });
}

const TYPE_LABELS: Readonly<Record<string, string>> = { ACCOMMODATION: 'Accommodation', ACTIVITY: 'Activity', TRANSPORT: 'Transport', FREE_TIME: 'Free time' };
const PERIOD_LABELS: Readonly<Record<string, string>> = { FULL_DAY: 'Full day', MORNING: 'Morning', AFTERNOON: 'Afternoon', EVENING: 'Evening' };
/** Components are listed by time period: the full day first, then as the day goes. */
const PERIOD_ORDER = Object.keys(PERIOD_LABELS);
const MEAL_LABELS: Readonly<Record<string, string>> = { BREAKFAST: 'Breakfast', LUNCH: 'Lunch', DINNER: 'Dinner' };

/** A label for a known code, else the code itself as (safe) server text. */
function label(labels: Readonly<Record<string, string>>, code: unknown, style: PlanStyle): string {
  return typeof code === 'string' && Object.hasOwn(labels, code) ? labels[code] : style.text(code);
}

export function rangeText(range: DateRange, style: PlanStyle): string {
  const start = hasValue(range?.start_date) ? style.text(range.start_date) : undefined;
  const end = hasValue(range?.end_date) ? style.text(range.end_date) : undefined;
  if (start && end) return `${start} – ${end}`;
  if (start) return `${start} onwards`;
  return end ? `until ${end}` : 'always';
}

function ranges(value: unknown, style: PlanStyle): string {
  return Array.isArray(value) ? value.map((r: DateRange) => rangeText(r, style)).join('; ') : '';
}

function count(n: unknown, one: string, many: string): string {
  return `${displayValue(n)} ${n === 1 ? one : many}`;
}

/** Whether a variation's ranges lie before `today` (past) or after it (future). */
function whenIs(rangesOf: unknown, today: string): 'past' | 'future' | 'other' {
  const list = Array.isArray(rangesOf) ? (rangesOf as DateRange[]) : [];
  if (list.length > 0 && list.every((r) => hasValue(r?.end_date) && r.end_date! < today)) return 'past';
  if (list.length > 0 && list.every((r) => hasValue(r?.start_date) && r.start_date! > today)) return 'future';
  return 'other';
}

const MEAL_KINDS = [
  ['BREAKFAST', 'breakfast', 'breakfasts'],
  ['LUNCH', 'lunch', 'lunches'],
  ['DINNER', 'dinner', 'dinners'],
] as const;

/** A count in `meals` for one kind of meal, under whatever name: breakfasts, breakfast, BREAKFAST… */
function mealCount(meals: Record<string, unknown>, kind: string): number | undefined {
  const key = Object.keys(meals).find((name) => name.toLowerCase().replace(/e?s$/, '') === kind.toLowerCase());
  const value = key === undefined ? undefined : meals[key];
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) ? n : undefined;
}

/**
 * "14 breakfasts, 3 lunches, 2 dinners": the itinerary's counts (spec §2.10, an object; a list of
 * meals is counted by type), only the kinds it counts; members of another shape as they are.
 * Nothing when it has none: never an invented zero.
 */
function includedMeals(itinerary: Itinerary, style: PlanStyle): string {
  const meals = itinerary.meals_included;
  if (Array.isArray(meals)) {
    const typeOf = (meal: unknown) => (meal !== null && typeof meal === 'object' ? (meal as { type?: unknown }).type : meal);
    return MEAL_KINDS.map(([type, one, many]) => count((meals as unknown[]).filter((m) => typeOf(m) === type).length, one, many)).join(', ');
  }
  if (meals && typeof meals === 'object') {
    const counts = MEAL_KINDS.map(([type, one, many]) => [mealCount(meals as Record<string, unknown>, type), one, many] as const);
    if (counts.some(([n]) => n !== undefined))
      return counts
        .filter(([n]) => n !== undefined)
        .map(([n, one, many]) => count(n, one, many))
        .join(', ');
    return style.text(meals);
  }
  return hasValue(meals) ? style.text(meals) : '';
}

/**
 * "15–40 USD a day for meals not included": two numbers (in any member: `min_max`, `amount`…,
 * or `min`/`max`) and a currency; any other shape as it is.
 */
function mealBudget(budget: unknown, style: PlanStyle): string {
  if (!hasValue(budget)) return '';
  if (typeof budget !== 'object' || budget === null || Array.isArray(budget)) return style.text(budget);
  const members = budget as Record<string, unknown>;
  const pair = Object.values(members).find((v): v is unknown[] => Array.isArray(v) && v.length === 2 && v.every((n) => hasValue(n) && typeof n !== 'object'));
  const [low, high] = pair ?? [members.min ?? members.minimum, members.max ?? members.maximum];
  if (!hasValue(low) && !hasValue(high)) return style.text(budget);
  const currency = hasValue(members.currency) ? ` ${style.text(members.currency)}` : '';
  const range = hasValue(low) && hasValue(high) ? `${style.text(low)}–${style.text(high)}` : style.text(hasValue(low) ? low : high);
  return `${range}${currency} for meals not included`;
}

/** The top-of-plan facts, each only when the itinerary has it. */
function facts(itinerary: Itinerary, style: PlanStyle, today: string): Array<readonly [string, string]> {
  const items: Array<readonly [string, string]> = [];
  const add = (name: string, value: string) => {
    if (value !== '') items.push([name, value]);
  };
  const dossier = itinerary.tour_dossier;
  if (dossier) add('Tour dossier', hasValue(dossier.name) ? `${style.text(dossier.name)} (${style.text(dossier.id)})` : style.text(dossier.id));
  const [start, end] = [placeName(itinerary.start_location), placeName(itinerary.end_location)];
  const route = hasValue(start) && hasValue(end) ? `, ${style.text(start)} to ${style.text(end)}` : '';
  const length = hasValue(itinerary.duration) ? itinerary.duration : itinerary.length;
  if (hasValue(length)) add('Length', `${typeof length === 'object' ? style.text(length) : count(length, 'day', 'days')}${route}`);
  add('Included meals', includedMeals(itinerary, style));
  add('Meal budget', mealBudget(hasValue(itinerary.meals_budget) ? itinerary.meals_budget : itinerary.meal_budget, style));
  const ripple = itinerary.ripple_score;
  if (ripple && hasValue(ripple.score)) add('Ripple score', `${style.text(ripple.score)}/100${hasValue(ripple.start_date) || hasValue(ripple.end_date) ? ` (valid ${rangeText(ripple, style)})` : ''}`);
  add('Valid', ranges(itinerary.valid_during_ranges, style));
  const variations = Array.isArray(itinerary.variations) ? itinerary.variations : [];
  add(
    'Variations',
    variations
      .map((v, i) => {
        const when = i === 0 ? 'current' : whenIs(v?.valid_during_ranges, today);
        return [style.text(v?.variation_id), when === 'other' ? '' : when, `(${ranges(v?.valid_during_ranges, style) || 'no dates'})`].filter(Boolean).join(' ');
      })
      .join('; '),
  );
  if (Array.isArray(itinerary.flags) && itinerary.flags.length > 0) add('Flags', itinerary.flags.map((f) => style.text(f)).join(', '));
  if (itinerary.booking_company) add('Booking company', style.text(itinerary.booking_company.name ?? itinerary.booking_company.id));
  return items;
}

function componentLine(component: ItineraryComponent, style: PlanStyle): readonly [string, string] {
  const type = label(TYPE_LABELS, component.type, style);
  const period = hasValue(component.time_period) ? label(PERIOD_LABELS, component.time_period, style) : '';
  const details: string[] = [];
  if (hasValue(component.start_time) || hasValue(component.end_time))
    details.push(
      [component.start_time, component.end_time]
        .filter(hasValue)
        .map((t) => style.text(t))
        .join('–'),
    );
  const duration = component.duration;
  if (duration && (hasValue(duration.min_hr) || hasValue(duration.max_hr))) {
    const hours = [...new Set([duration.min_hr, duration.max_hr].filter(hasValue).map((h) => style.text(h)))];
    details.push(`${hours.join('–')} h`);
  }
  if (hasValue(component.distance_km)) details.push(`${style.text(component.distance_km)} km`);
  if (component.is_overnight === true) details.push('continues overnight');
  const accommodation = component.accommodation;
  const stay = accommodation && hasValue(accommodation.name) ? ` — ${style.text(accommodation.name)}${hasValue(accommodation.type?.label) ? ` (${style.text(accommodation.type!.label)})` : ''}` : '';
  const summary = hasValue(component.summary) ? style.text(component.summary) : type;
  return [[period, type].filter(Boolean).join(' · '), `${summary}${stay}${details.length ? `, ${details.join(', ')}` : ''}`];
}

function periodRank(component: ItineraryComponent): number {
  const rank = PERIOD_ORDER.indexOf(String(component.time_period));
  return rank < 0 ? PERIOD_ORDER.length : rank;
}

function dayBlock(block: DayBlock, style: PlanStyle): string {
  const { day } = block;
  const parts = [style.heading(hasValue(day.label) ? `${block.label} · ${style.text(day.label)}` : block.label)];
  for (const text of [day.summary, day.description]) if (hasValue(text)) parts.push(style.paragraph(style.text(text)));
  const items: Array<readonly [string, string]> = [];
  const meals = Array.isArray(day.meals) ? day.meals : [];
  items.push(['Meals', meals.length ? meals.map((m) => `${label(MEAL_LABELS, m?.type, style)}${hasValue(m?.description) ? ` (${style.text(m.description)})` : ''}`).join(', ') : 'none included']);
  const components = Array.isArray(day.components) ? [...day.components].sort((a, b) => periodRank(a) - periodRank(b)) : [];
  for (const component of components) items.push(componentLine(component, style));
  const optional = Array.isArray(day.optional_activities) ? day.optional_activities : [];
  if (optional.length) items.push(['Optional', optional.map((o) => style.text(o?.activity_dossier?.name ?? o?.activity_dossier?.id)).join(', ')]);
  if (hasValue(day.instructions)) items.push(['Notes', style.text(day.instructions)]);
  parts.push(style.list(items));
  return parts.join(style.gap);
}

/** Spec §2.10 rule 4. */
export const ACCOMMODATION_NOTE =
  'The accommodation named here is representative. The exact accommodation of a trip is in the accommodation components of its departure or departure service (trek service get ID).';

export function hasAccommodation(itinerary: Itinerary): boolean {
  return (itinerary.days ?? []).some((day) => (day.components ?? []).some((c) => c?.type === 'ACCOMMODATION'));
}

/** The whole plan; `today` (YYYY-MM-DD) tells past variations from future ones. */
export function renderPlan(itinerary: Itinerary, style: PlanStyle, today: string): string {
  const name = itinerary.label ?? itinerary.tour_dossier?.name;
  const blocks = [style.title(hasValue(name) ? style.text(name) : `Itinerary ${style.text(itinerary.id)}`)];
  const subtitle = [`Itinerary ${style.text(itinerary.id)}`];
  if (hasValue(itinerary.variation_id)) subtitle.push(`variation ${style.text(itinerary.variation_id)}`);
  if (hasValue(itinerary.state)) subtitle.push(style.text(itinerary.state));
  blocks.push(style.subtitle(subtitle.join(' · ')));
  const top = facts(itinerary, style, today);
  if (top.length) blocks.push(style.list(top));
  if (hasAccommodation(itinerary)) blocks.push(style.note(ACCOMMODATION_NOTE));
  for (const block of mergeDays(Array.isArray(itinerary.days) ? itinerary.days : [])) blocks.push(dayBlock(block, style));
  return `${blocks.join('\n\n')}\n`;
}
