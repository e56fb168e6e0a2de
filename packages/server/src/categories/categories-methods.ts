import { INPUT_BOUNDS } from '@planner/core';
import { CategoriesService } from '@planner/protocol';
import { notifyChange } from '../realtime/notify-change';
import { idBound, text, titleBound } from '../rpc/bounds';
import { defineMethod, type MethodDefinition } from '../rpc/define-method';
import { invalid } from '../rpc/errors';
import { loadPlanningProfile } from '../timeline/planning-profile';
import { deleteCategory, getCategories, putCategory } from './categories-service';
import { presentCategory } from './category-presenter';
import { guessTaskCategory } from './guess-category';

const { method } = CategoriesService;

/** The categories methods of planning-core spec section 7 (GuessTaskCategory included). */
export const categoriesMethods: readonly MethodDefinition[] = [
  defineMethod(method.getCategories, {
    auth: 'required',
    handler: async (_input, ctx) => ({
      categories: (await getCategories(ctx.db, ctx.userId)).map(presentCategory),
    }),
  }),
  defineMethod(method.putCategory, {
    auth: 'required',
    bounds: {
      category: {
        id: idBound,
        title: text(INPUT_BOUNDS.categoryNameChars, { key: 'invalid.categoryNameTooLong' }),
        description: text(INPUT_BOUNDS.categoryDescriptionChars, {
          key: 'invalid.categoryDescriptionTooLong',
        }),
        color: text(INPUT_BOUNDS.fieldNames * 2),
        icon: text(INPUT_BOUNDS.fieldNames * 2),
      },
    },
    handler: async (input, ctx) => {
      if (!input.category) throw invalid('field "category": required');
      const tier = await loadPlanningProfile(ctx.db, ctx.userId, ctx.now());
      const saved = await putCategory(ctx.db, ctx.userId, input.category, ctx.now(), tier);
      await notifyChange(ctx, 'categoryUpdated');
      return { category: presentCategory(saved) };
    },
  }),
  defineMethod(method.deleteCategory, {
    auth: 'required',
    bounds: { id: idBound },
    handler: async (input, ctx) => {
      await deleteCategory(ctx.db, ctx.userId, input.id);
      await notifyChange(ctx, 'categoryUpdated');
      return {};
    },
  }),
  defineMethod(method.guessTaskCategory, {
    auth: 'required',
    bounds: { title: titleBound },
    handler: async (input, ctx) => {
      const guess = await guessTaskCategory(ctx.db, ctx.userId, input.title, ctx.now());
      return {
        ...(guess.category ? { category: presentCategory(guess.category) } : {}),
        suggestions: guess.suggestions.map(presentCategory),
      };
    },
  }),
];
