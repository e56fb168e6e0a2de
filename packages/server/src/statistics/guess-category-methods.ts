import { CategoriesService } from '@planner/protocol';
import { presentCategory } from '../categories/category-presenter';
import { titleBound } from '../rpc/bounds';
import { defineMethod, type MethodDefinition } from '../rpc/define-method';
import { guessTaskCategory } from './guess-category';

/** GuessTaskCategory (planning-core spec section 7): a guess from what was tracked before. */
export const guessCategoryMethods: readonly MethodDefinition[] = [
  defineMethod(CategoriesService.method.guessTaskCategory, {
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
