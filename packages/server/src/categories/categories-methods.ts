import { INPUT_BOUNDS } from '@planner/core';
import { CategoriesService } from '@planner/protocol';
import { idBound, text } from '../rpc/bounds';
import { defineMethod, type MethodDefinition } from '../rpc/define-method';
import { invalid } from '../rpc/errors';
import { loadPlanningProfile } from '../accounts/planning-profile';
import { deleteCategory, getCategories, putCategory } from './categories-service';
import { presentCategory } from './category-presenter';

const { method } = CategoriesService;

/** The categories methods of planning-core spec section 7 (GuessTaskCategory, which reads what was tracked, is in statistics/). */
export const categoriesMethods: readonly MethodDefinition[] = [
  defineMethod(method.getCategories, {
    auth: 'required',
    handler: async (_input, ctx) => ({
      categories: (await getCategories(ctx.db, ctx.userId)).map(presentCategory),
    }),
  }),
  defineMethod(method.putCategory, {
    auth: 'required',
    changes: ['categoryUpdated'],
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
      return { category: presentCategory(saved) };
    },
  }),
  defineMethod(method.deleteCategory, {
    auth: 'required',
    changes: ['categoryUpdated'],
    bounds: { id: idBound },
    handler: async (input, ctx) => {
      await deleteCategory(ctx.db, ctx.userId, input.id);
      return {};
    },
  }),
];
