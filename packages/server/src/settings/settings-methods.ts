import { INPUT_BOUNDS } from '@planner/core';
import { AccountsService } from '@planner/protocol';
import { defineMethod, type MayChange, type MethodDefinition } from '../rpc/define-method';
import { fieldMaskBounds, keywordBound, text } from '../rpc/bounds';
import { parseOptionFields } from './options-rules';
import { readOptions, writeOptions } from './options-service';
import { queryTerritories, queryTimeZones } from './time-zones';
import { invalid } from '../rpc/errors';

/** A locale option ('local' or one of the ten) or a territory code is a short word. */
const shortWord = text(INPUT_BOUNDS.fieldNames);

function requireOptions<T>(options: T | undefined): T {
  if (!options) throw invalid('field "options": required');
  return options;
}

/**
 * A new language renames the default categories the person kept: announced, not recorded (no
 * block depends on a title).
 */
const retitles: MayChange = { categoryUpdated: 'announce' };

/** User options and the zone picker's lists (docs/settings.md). */
export const settingsMethods: readonly MethodDefinition[] = [
  defineMethod(AccountsService.method.getUserOptions, {
    auth: 'required',
    handler: async (_input, ctx) => ({ options: await readOptions(ctx) }),
  }),
  defineMethod(AccountsService.method.putUserOptions, {
    auth: 'required',
    replans: true,
    mayChange: retitles,
    handler: async (input, ctx) => ({
      options: await writeOptions(ctx, requireOptions(input.options), parseOptionFields([])),
    }),
  }),
  defineMethod(AccountsService.method.updateUserOptions, {
    auth: 'required',
    bounds: { fields: fieldMaskBounds },
    replans: true,
    mayChange: retitles,
    handler: async (input, ctx) => ({
      options: await writeOptions(
        ctx,
        requireOptions(input.options),
        parseOptionFields(input.fields),
      ),
    }),
  }),
  defineMethod(AccountsService.method.queryTerritories, {
    auth: 'required',
    bounds: { keyword: keywordBound, locale: shortWord },
    handler: (input) =>
      Promise.resolve({ territories: queryTerritories(input.keyword, input.locale) }),
  }),
  defineMethod(AccountsService.method.queryTimeZones, {
    auth: 'required',
    bounds: { locale: shortWord, territoryType: shortWord },
    handler: (input, ctx) =>
      Promise.resolve({
        timeZones: queryTimeZones(input.territoryType, input.locale, ctx.now()),
      }),
  }),
];
