import { TutorialsService } from '@planner/protocol';
import { defineMethod, type MethodDefinition } from '../rpc/define-method';
import { finishTutorial } from './tutorials-service';

export const tutorialsMethods: readonly MethodDefinition[] = [
  defineMethod(TutorialsService.method.finishTutorial, {
    auth: 'required',
    handler: async (input, ctx) => ({
      tutorialStatus: await finishTutorial(ctx.db, ctx.userId, input.tutorial, input.status),
    }),
  }),
];
