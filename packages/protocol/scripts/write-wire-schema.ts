import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { wireSchemaModule } from '../src/wire-schema-source';

// Regenerates src/wire-schema.generated.ts (run by `npm run generate` after buf).
const target = fileURLToPath(new URL('../src/wire-schema.generated.ts', import.meta.url));
const options = await resolveConfig(target);
writeFileSync(target, await format(wireSchemaModule(), { ...options, filepath: target }));
