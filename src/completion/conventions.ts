/**
 * Which completer serves a value slot (a flag's value or a positional argument) when none is
 * registered: a few known slots of existing commands, declared choices, then what the slot's
 * name says. index.ts documents the naming conventions command authors can rely on.
 */
import type { Argument, Command, Option } from 'commander';
import { TITLES } from '../api/resources/customers.js';
import { SETTINGS, SETTING_KEYS, type SettingKey, type SettingSpec } from '../config/settings.js';
import { recentIds } from '../history.js';
import { TOPIC_NAMES } from '../domain/help-topics.js';
import { FORMATS } from '../output/formats.js';
import { agencyCurrencies, attachableDepartureServices, bookingRequirements, cancellableServices, departureServices, overrideReasons, serviceTransitions } from './network.js';
import { profileCandidates } from './profiles.js';
import type { Completer } from './protocol.js';
import { registeredCompleter } from './registry.js';
import { commandPath, findSubcommand, rootOf, subcommandCandidates } from './tree.js';
import { plain } from './values.js';

export type Slot = { option: Option } | { argument: Argument };

const profiles: Completer = (ctx) => profileCandidates(ctx.f.paths());

/** Values completed by flag name, wherever the flag appears. */
const BY_FLAG_NAME: Readonly<Record<string, Completer>> = {
  profile: profiles,
  title: () => plain(TITLES),
  currency: agencyCurrencies,
  requirement: bookingRequirements,
  reason: overrideReasons,
  'departure-service': departureServices,
};

/** Slots of particular commands, as `<command path> <slot key>`. */
const BY_COMMAND_SLOT: Readonly<Record<string, Completer>> = {
  'profile use name': profiles,
  'profile show name': profiles,
  'profile remove name': profiles,
  'profile add --default-output': () => plain(FORMATS),
  'config get key': settingKeys,
  'config set key': settingKeys,
  'config unset key': settingKeys,
  'help words': (ctx) => {
    let at: Command | undefined = rootOf(ctx.command);
    for (const word of ctx.args) at = at && findSubcommand(at, word);
    const topics = ctx.args.length === 0 ? TOPIC_NAMES.map((topic) => ({ value: topic, description: 'help topic' })) : [];
    return at ? [...subcommandCandidates(at), ...topics] : [];
  },
  'flex attach --departure-service': attachableDepartureServices,
  'flex terms departure-service': departureServices,
  'service cancel id': cancellableServices,
  'config set value': (ctx) => {
    const key = ctx.args[0];
    const spec: SettingSpec | undefined = key !== undefined && Object.hasOwn(SETTINGS, key) ? SETTINGS[key as SettingKey] : undefined;
    return plain(spec?.choices ?? []);
  },
};

function settingKeys(): ReturnType<typeof plain> {
  return SETTING_KEYS.map((key) => ({ value: key, description: SETTINGS[key].description }));
}

/** The key a slot is registered under: `--flag`, or the argument's declared name. */
export function slotKey(slot: Slot): string {
  return 'option' in slot ? (slot.option.long ?? slot.option.short ?? '') : slot.argument.name();
}

/** `--booking` → `booking`: how CompletionContext.flags names a flag. */
export function optionName(option: Option): string {
  return slotKey({ option }).replace(/^-+/, '');
}

/** The flag's name without dashes, or the argument's name, lower-cased. */
function slotName(slot: Slot): string {
  return ('option' in slot ? optionName(slot.option) : slotKey(slot)).toLowerCase();
}

/** The noun a command belongs to: `booking` for `trek booking get`. */
function noun(command: Command): string | undefined {
  return commandPath(command).split(' ')[0] || undefined;
}

/** `<booking-id>` → booking, `--departure-service` → service, `<id>` under `trek booking …` → booking. */
function idKind(command: Command, slot: Slot): string | undefined {
  const placeholder = 'option' in slot ? /<([\w-]+)(?:\.\.\.)?>/.exec(slot.option.flags)?.[1]?.toLowerCase() : undefined;
  const name = placeholder && /[-_]id$/.test(placeholder) ? placeholder : slotName(slot);
  const base = name.replace(/[-_]?ids?$/, '');
  if (base === '') return 'argument' in slot ? noun(command) : undefined;
  return base.split(/[-_]/).at(-1);
}

/** Flag values and arguments naming a file fall back to the shell's file-name completion. */
export function namesFile(slot: Slot): boolean {
  const placeholder = 'option' in slot ? /[<[]([\w-]+)/.exec(slot.option.flags)?.[1] : slot.argument.name();
  return /(?:^|[-_])(?:file|dir|directory)$/i.test(placeholder ?? '');
}

/**
 * The completer for `slot` of `command`, first found of: registered (registry.ts; list
 * commands register --where, --order-by and --fields), a known slot of a particular command,
 * declared choices, the flag's name, ids from the history.
 */
export function completerFor(command: Command, slot: Slot): Completer | undefined {
  const key = slotKey(slot);
  const registered = registeredCompleter(command, key) ?? BY_COMMAND_SLOT[`${commandPath(command)} ${key}`];
  if (registered) return registered;
  const name = slotName(slot);
  if ('argument' in slot && name === 'status' && noun(command) === 'service') return serviceTransitions;
  const choices = 'option' in slot ? slot.option.argChoices : slot.argument.argChoices;
  if (choices) return () => plain(choices);
  if ('option' in slot && Object.hasOwn(BY_FLAG_NAME, name)) return BY_FLAG_NAME[name];
  const kind = idKind(command, slot);
  if (!kind) return undefined;
  return (ctx) => ({
    candidates: recentIds(ctx.f.paths(), ctx.profile, kind).map(({ id, label }) => ({ value: id, description: label })),
    // People remember a customer's name or a booking's reference better than its id.
    matchDescriptions: true,
  });
}
