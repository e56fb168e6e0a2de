import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { wireSchemaModules } from '../src/wire-schema-source';

// Regenerates src/wire-schema.generated.ts and src/wire-schema-later.generated.ts (run by
// `npm run generate` after buf).
const modules = wireSchemaModules();
for (const [file, text] of [
  ['wire-schema.generated.ts', modules.early],
  ['wire-schema-later.generated.ts', modules.later],
] as const) {
  const target = fileURLToPath(new URL(`../src/${file}`, import.meta.url));
  const options = await resolveConfig(target);
  writeFileSync(target, await format(text, { ...options, filepath: target }));
}
