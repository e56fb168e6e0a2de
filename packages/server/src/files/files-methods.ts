import { AccountsService } from '@planner/protocol';
import { text } from '../rpc/bounds';
import { defineMethod, type MethodDefinition } from '../rpc/define-method';
import type { ServiceDeps } from '../service-deps';
import { FileStore } from './file-store';
import { createUpload } from './files-service';

/** A file's name as a device knows it; only bounded, never trusted (the content decides). */
const FILENAME_CHARS = 255;

/** CreateFile: the form an avatar is uploaded with (docs/files-and-avatars.md). */
export function createFilesMethods(deps: ServiceDeps): MethodDefinition[] {
  const store = new FileStore(deps.config.dataDir);
  return [
    defineMethod(AccountsService.method.createFile, {
      auth: 'required',
      bounds: { filename: text(FILENAME_CHARS), purpose: text(FILENAME_CHARS) },
      handler: async (input, ctx) => {
        const { answer, removed } = await createUpload(ctx.db, ctx.userId, {
          purpose: input.purpose,
          publicUrl: deps.config.publicUrl,
          now: ctx.now(),
        });
        if (removed.length > 0) ctx.afterCommit(() => store.remove(removed));
        return answer;
      },
    }),
  ];
}
