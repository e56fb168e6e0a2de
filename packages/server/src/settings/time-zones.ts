/**
 * Territories and their time zones for the settings' zone picker (docs/settings.md): the zone
 * names come from the platform (Intl.supportedValuesOf), names in the asker's language from
 * Intl.DisplayNames and Intl.DateTimeFormat, and which zones a territory uses from the
 * zone-to-country table of `countries-and-timezones` (kept in step with the IANA database).
 */
import { isSupportedLocale, isValidTimeZone, type Locale } from '@planner/core';
import type { Plain, Territory, TimeZone } from '@planner/protocol';
import { getAllCountries, getCountry, getTimezone } from 'countries-and-timezones';

/** BCP 47 tag of one of the ten locales; 'local' and anything else ask in English. */
function languageTag(locale: string): string {
  const known: Locale = isSupportedLocale(locale) ? locale : 'en';
  return known === 'zh_cn' ? 'zh-CN' : known;
}

/** Case and accent blind, so "zurich" finds "Zürich" and "ALLEMAGNE" finds "Allemagne". */
function folded(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

let platformZones: ReadonlySet<string> | undefined;

/** Zone names this runtime knows, canonical ones and the aliases the table lists. */
function isKnownZone(zone: string): boolean {
  platformZones ??= new Set(Intl.supportedValuesOf('timeZone'));
  return platformZones.has(zone) || isValidTimeZone(zone);
}

/** The territory's zones the platform knows, canonical ones first. */
function zonesOf(code: string): string[] {
  const canonical = getCountry(code)?.timezones ?? [];
  const withAliases = getCountry(code, { deprecated: true })?.timezones ?? [];
  const zones = [...new Set([...canonical, ...withAliases])];
  return zones.filter(isKnownZone);
}

const territoryCodes = (): string[] => Object.keys(getAllCountries());

/** Every word a territory is found by: its name in the locale and in English, its code, zones. */
function searchTextOf(code: string, localName: string): string {
  const english = getCountry(code)?.name ?? '';
  const cities = zonesOf(code).map((zone) => zone.replaceAll('_', ' '));
  return folded([code, localName, english, ...cities].join('\n'));
}

/**
 * Territories whose name (in `locale` or English), code or zone names contain `keyword`,
 * sorted by name in `locale`; an empty keyword lists them all.
 */
export function queryTerritories(keyword: string, locale: string): Plain<Territory>[] {
  const tag = languageTag(locale);
  const names = new Intl.DisplayNames([tag], { type: 'region', fallback: 'code' });
  const wanted = folded(keyword.trim());
  const found: Plain<Territory>[] = [];
  for (const code of territoryCodes()) {
    if (zonesOf(code).length === 0) continue;
    const name = names.of(code) ?? code;
    if (wanted && !searchTextOf(code, name).includes(wanted)) continue;
    found.push({ type: code, name });
  }
  const collator = new Intl.Collator(tag);
  return found.sort((a, b) => collator.compare(a.name, b.name));
}

function zoneNamePart(zone: string, tag: string, style: 'longGeneric' | 'shortOffset', at: Date) {
  const parts = new Intl.DateTimeFormat(tag, { timeZone: zone, timeZoneName: style });
  return parts.formatToParts(at).find((part) => part.type === 'timeZoneName')?.value ?? '';
}

/** Milliseconds the zone's wall clock is ahead of UTC at `now`. */
function zoneOffsetAt(zone: string, now: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(now);
  const field = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((part) => part.type === type)?.value ?? 0);
  const wall = Date.UTC(
    field('year'),
    field('month') - 1,
    field('day'),
    field('hour'),
    field('minute'),
    field('second'),
  );
  return wall - Math.floor(now / 1000) * 1000;
}

/** Whether the zone's offset at `now` is past its standard (lower of January's and July's). */
function isInDst(zone: string, now: number): boolean {
  const year = new Date(now).getUTCFullYear();
  const january = zoneOffsetAt(zone, Date.UTC(year, 0, 1));
  const july = zoneOffsetAt(zone, Date.UTC(year, 6, 1));
  return zoneOffsetAt(zone, now) > Math.min(january, july);
}

/** One zone as the picker shows it, named in `locale`, with its offset at `now`. */
export function describeZone(zone: string, territory: string, locale: string, now: number) {
  const tag = languageTag(locale);
  const at = new Date(now);
  const zoneInfo: Plain<TimeZone> = {
    type: territory,
    name: zone,
    description: zoneNamePart(zone, tag, 'longGeneric', at),
    gmtShortName: zoneNamePart(zone, 'en-US', 'shortOffset', at),
    isInDst: isInDst(zone, now),
    offset: zoneOffsetAt(zone, now),
  };
  return zoneInfo;
}

/** The time zones of a territory (ISO code, any case), west to east; none for an unknown one. */
export function queryTimeZones(territory: string, locale: string, now: number): Plain<TimeZone>[] {
  const code = territory.trim().toUpperCase();
  return zonesOf(code)
    .map((zone) => describeZone(zone, code, locale, now))
    .sort((a, b) => a.offset - b.offset || a.name.localeCompare(b.name));
}

/** The territory a zone belongs to first ('' for zones of none, such as UTC). */
export function territoryOfZone(zone: string): string {
  return getTimezone(zone)?.countries[0] ?? '';
}
