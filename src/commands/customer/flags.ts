/**
 * The flags of every customer field of spec §2.3, shared by `customer create` and `customer
 * update`: declared once, read and checked once into the body's shape, with only the members
 * given (so an update sends nothing it was not asked to change).
 */
import type { Command } from 'commander';
import { TITLES, type CustomerAddress, type CustomerName, type CustomerUpdate, type Passport } from '../../api/resources/customers.js';
import { UsageError } from '../../errors.js';
import type { Factory } from '../../factory.js';
import { parseDate, todayFor } from '../dates.js';
import { collect, parseEmail, parsePhone, parseText } from '../flags.js';
import type { RESOURCE_FIELDS } from '../../domain/contract-fields.js';

/** A customer body with any member left out: what create and update send. */
export type CustomerFields = CustomerUpdate;

/** A field path of the body that creates a customer (the contract's CustomerCreate). */
export type CustomerCreateField = (typeof RESOURCE_FIELDS.CustomerCreate)[number];

/**
 * The flag of `trek customer create` that sets each field of the body; the contract gives the
 * fields, so a field it adds fails the type check here until it has a flag.
 */
export const FLAG_OF_FIELD: { readonly [F in CustomerCreateField]: keyof CustomerFlags } = {
  'name.title': 'title',
  'name.legal_first_name': 'firstName',
  'name.legal_middle_name': 'middleName',
  'name.legal_last_name': 'lastName',
  'name.common_name': 'commonName',
  date_of_birth: 'dateOfBirth',
  place_of_birth: 'placeOfBirth',
  nationality: 'nationality',
  'passport.number': 'passportNumber',
  'passport.issue_date': 'passportIssueDate',
  'passport.expiry_date': 'passportExpiryDate',
  'passport.place_of_issue': 'passportPlaceOfIssue',
  medical_notes: 'medicalNotes',
  meal_preference: 'mealPreference',
  meal_notes: 'mealNotes',
  account_email: 'email',
  phone_numbers: 'phone',
  'emergency_contacts.first_name': 'emergencyFirstName',
  'emergency_contacts.last_name': 'emergencyLastName',
  'emergency_contacts.phone_numbers': 'emergencyPhone',
  'address.street': 'street',
  'address.city': 'city',
  'address.state': 'state',
  'address.country': 'country',
  'address.postal_zip': 'postalZip',
  'address.latitude': 'latitude',
  'address.longitude': 'longitude',
};

export interface CustomerFlags {
  firstName?: string;
  middleName?: string;
  lastName?: string;
  commonName?: string;
  title?: string;
  dateOfBirth?: string;
  placeOfBirth?: string;
  nationality?: string;
  passportNumber?: string;
  passportIssueDate?: string;
  passportExpiryDate?: string;
  passportPlaceOfIssue?: string;
  medicalNotes?: string;
  mealPreference?: string;
  mealNotes?: string;
  email?: string;
  phone?: string[];
  emergencyFirstName?: string;
  emergencyLastName?: string;
  emergencyPhone?: string[];
  street?: string;
  city?: string;
  state?: string;
  country?: string;
  postalZip?: string;
  latitude?: string;
  longitude?: string;
}

/** The flag (and what it takes) that completes each checkin item (spec §2.7's item codes and the sandbox's). */
export const FLAGS_FOR_ITEM: Readonly<Record<string, ReadonlyArray<readonly [flag: string, value: string]>>> = {
  NAME: [
    ['--first-name', 'NAME'],
    ['--last-name', 'NAME'],
    ['--title', TITLES.join('|')],
  ],
  MIDDLE_NAME: [['--middle-name', 'NAME']],
  NATIONALITY: [['--nationality', 'NATIONALITY']],
  DATE_OF_BIRTH: [['--date-of-birth', 'YYYY-MM-DD']],
  AGE_RESTRICTED: [['--date-of-birth', 'YYYY-MM-DD']],
  PASSPORT_NUMBER: [['--passport-number', 'NUMBER']],
  PASSPORT_EXPIRY: [['--passport-expiry-date', 'YYYY-MM-DD']],
  GENDER: [['--title', 'Mr|Mrs|Ms|Miss']],
};

/**
 * The `trek customer update` words that complete the missing `items` of a customer, each flag
 * once, in the order the items come; items no customer field completes are left out.
 */
export function updateWordsFor(customerId: string, items: readonly string[]): string[] | undefined {
  const flags = new Map<string, string>();
  for (const item of items) for (const [flag, value] of FLAGS_FOR_ITEM[item] ?? []) if (!flags.has(flag)) flags.set(flag, value);
  if (flags.size === 0) return undefined;
  return ['trek', 'customer', 'update', customerId, ...[...flags].map(([flag, value]) => `${flag} ${/[|]/.test(value) ? `'${value}'` : value}`)];
}

export function parseTitle(value: string, flag = '--title'): CustomerName['title'] {
  const title = TITLES.find((t) => t.toLowerCase() === value.trim().toLowerCase());
  if (!title) throw new UsageError(`${flag} must be one of ${TITLES.join(', ')}, got "${value}"`, undefined, { field: flag });
  return title;
}

/** Only the members given, so an object of all-missing members is left out of the body. */
export function given<T extends object>(members: T): T | undefined {
  const present = Object.entries(members).filter(([, v]) => v !== undefined);
  return present.length ? (Object.fromEntries(present) as T) : undefined;
}

/** Declares the field flags; `required` marks the name members create cannot do without. */
export function addCustomerFlags(command: Command, required: boolean): Command {
  const must = required ? ' (required)' : '';
  return command
    .option('--first-name <name>', `legal first name, as on the passport${must}`)
    .option('--middle-name <name>', 'legal middle name(s), as on the passport')
    .option('--last-name <name>', `legal last name, as on the passport${must}`)
    .option('--common-name <name>', 'the name the person goes by')
    .option('--title <title>', `title${must}: ${TITLES.join(', ')}`)
    .option('--date-of-birth <date>', 'date of birth, YYYY-MM-DD')
    .option('--place-of-birth <place>', 'place of birth')
    .option('--nationality <nationality>', 'nationality')
    .option('--passport-number <number>', 'passport number')
    .option('--passport-issue-date <date>', 'passport issue date, YYYY-MM-DD (or relative: today, -2y)')
    .option('--passport-expiry-date <date>', 'passport expiry date, YYYY-MM-DD (or relative: +5y, +6mo)')
    .option('--passport-place-of-issue <place>', 'where the passport was issued')
    .option('--medical-notes <text>', 'medical notes')
    .option('--meal-preference <text>', 'meal preference, e.g. vegetarian')
    .option('--meal-notes <text>', 'notes on meals, e.g. allergies')
    .option('--email <address>', 'e-mail address of the customer')
    .option('--phone <type:number>', 'phone number as TYPE:NUMBER, e.g. MOBILE:+1-555-0100; repeatable (the list is replaced whole)', collect)
    .option('--emergency-first-name <name>', 'emergency contact: first name')
    .option('--emergency-last-name <name>', 'emergency contact: last name')
    .option('--emergency-phone <type:number>', 'emergency contact: phone as TYPE:NUMBER; repeatable (the list is replaced whole)', collect)
    .option('--street <street>', 'address: street')
    .option('--city <city>', 'address: city')
    .option('--state <state>', 'address: state or province')
    .option('--country <country>', 'address: country')
    .option('--postal-zip <code>', 'address: postal or ZIP code')
    .option('--latitude <degrees>', 'address: latitude, -90 to 90')
    .option('--longitude <degrees>', 'address: longitude, -180 to 180');
}

/** A decimal number of degrees within ±limit, kept as written (the spec sends coordinates as text). */
function parseDegrees(value: string | undefined, flag: string, limit: number): string | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (!/^-?\d{1,3}(\.\d+)?$/.test(text) || Math.abs(Number(text)) > limit) throw new UsageError(`${flag} must be a number of degrees from -${limit} to ${limit}, got "${value}"`);
  return text;
}

/**
 * The today parseCustomerFlags checks against: the API's when a date flag is relative (a passport
 * that expires +10y), else this machine's.
 */
export async function customerToday(f: Factory, flags: CustomerFlags): Promise<string> {
  const dates = [
    ['--date-of-birth', flags.dateOfBirth],
    ['--passport-issue-date', flags.passportIssueDate],
    ['--passport-expiry-date', flags.passportExpiryDate],
  ] as const;
  return (await todayFor(f, dates)) ?? f.now().toISOString().slice(0, 10);
}

/**
 * The flags as the body's members, each checked (exit 2 naming the flag): dates real dates, a
 * birth date not after `today`, a passport that expires after it was issued, e-mail and phones
 * in their shapes, no blank text.
 */
export function parseCustomerFlags(flags: CustomerFlags, today: string): CustomerFields {
  const date = (value: string | undefined, flag: string) => (value === undefined ? undefined : parseDate(value, flag, today));
  const dateOfBirth = date(flags.dateOfBirth, '--date-of-birth');
  if (dateOfBirth !== undefined && dateOfBirth > today) throw new UsageError(`--date-of-birth ${dateOfBirth} is after today (${today})`);
  const issued = date(flags.passportIssueDate, '--passport-issue-date');
  const expires = date(flags.passportExpiryDate, '--passport-expiry-date');
  if (issued !== undefined && expires !== undefined && expires <= issued) {
    throw new UsageError(`--passport-expiry-date ${expires} is not after --passport-issue-date ${issued}`);
  }
  const fields: CustomerFields = {
    name: given({
      legal_first_name: parseText(flags.firstName, '--first-name'),
      legal_middle_name: parseText(flags.middleName, '--middle-name'),
      legal_last_name: parseText(flags.lastName, '--last-name'),
      common_name: parseText(flags.commonName, '--common-name'),
      title: flags.title === undefined ? undefined : parseTitle(flags.title),
    }),
    date_of_birth: dateOfBirth,
    place_of_birth: parseText(flags.placeOfBirth, '--place-of-birth'),
    nationality: parseText(flags.nationality, '--nationality'),
    passport: given<Passport>({
      number: parseText(flags.passportNumber, '--passport-number'),
      issue_date: issued,
      expiry_date: expires,
      place_of_issue: parseText(flags.passportPlaceOfIssue, '--passport-place-of-issue'),
    }),
    medical_notes: parseText(flags.medicalNotes, '--medical-notes'),
    meal_preference: parseText(flags.mealPreference, '--meal-preference'),
    meal_notes: parseText(flags.mealNotes, '--meal-notes'),
    account_email: flags.email === undefined ? undefined : parseEmail(flags.email, '--email'),
    phone_numbers: flags.phone?.map((phone) => parsePhone(phone)),
    emergency_contacts: given({
      first_name: parseText(flags.emergencyFirstName, '--emergency-first-name'),
      last_name: parseText(flags.emergencyLastName, '--emergency-last-name'),
      phone_numbers: flags.emergencyPhone?.map((phone) => parsePhone(phone, '--emergency-phone')),
    }),
    address: given<CustomerAddress>({
      street: parseText(flags.street, '--street'),
      city: parseText(flags.city, '--city'),
      state: parseText(flags.state, '--state'),
      country: parseText(flags.country, '--country'),
      postal_zip: parseText(flags.postalZip, '--postal-zip'),
      latitude: parseDegrees(flags.latitude, '--latitude', 90),
      longitude: parseDegrees(flags.longitude, '--longitude', 180),
    }),
  };
  return given(fields) ?? {};
}
