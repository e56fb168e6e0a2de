import { createRegistry, type DescFile, type DescMessage } from '@bufbuild/protobuf';
import { file_google_protobuf_any } from '@bufbuild/protobuf/wkt';
import { services } from './methods';

export * from './methods';

function withDependencies(files: readonly DescFile[]): DescFile[] {
  const seen = new Map<string, DescFile>();
  const visit = (file: DescFile): void => {
    if (seen.has(file.name)) return;
    seen.set(file.name, file);
    file.dependencies.forEach(visit);
  };
  files.forEach(visit);
  return [...seen.values()];
}

/** Every message type of the API, for JSON (google.protobuf.Any needs to resolve type URLs). */
export const typeRegistry = createRegistry(
  ...withDependencies([file_google_protobuf_any, ...services.map((s) => s.file)]),
);

export function typeUrlOf(desc: DescMessage): string {
  return `type.googleapis.com/${desc.typeName}`;
}
