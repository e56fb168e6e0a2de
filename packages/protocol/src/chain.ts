import { fromBinary, toBinary, type DescMessage } from '@bufbuild/protobuf';
import type { Any } from '@bufbuild/protobuf/wkt';
import {
  fromPlain,
  toPlain,
  WireFormatError,
  type Plain,
  type PlainInitOf,
  type PlainOf,
} from './plain';
import { findMethod, typeUrlOf, type InputInit, type MethodName, type Output } from './registry';

export type PlainAny = Plain<Any>;

/** One step of a Chain as a caller writes it: `{ method: 'UpdateUser', data: { name } }`. */
export type ChainStepInit = { [M in MethodName]: { method: M; data?: InputInit<M> } }[MethodName];

/** The answers of a Chain, typed step by step. */
export type ChainOutputs<S extends readonly ChainStepInit[]> = {
  -readonly [I in keyof S]: S[I] extends { method: infer M extends MethodName } ? Output<M> : never;
};

export function packAny<D extends DescMessage>(desc: D, plain: PlainInitOf<D>): PlainAny {
  return { typeUrl: typeUrlOf(desc), value: toBinary(desc, fromPlain(desc, plain)) };
}

/** The message inside an Any, which must be of type `desc` (an empty type URL is accepted). */
export function unpackAny<D extends DescMessage>(
  desc: D,
  any: PlainAny | undefined,
  field: string,
): PlainOf<D> {
  if (!any) return toPlain(desc, fromBinary(desc, new Uint8Array()));
  if (any.typeUrl !== '' && any.typeUrl !== typeUrlOf(desc)) {
    throw new WireFormatError(field, `expected ${typeUrlOf(desc)}, got ${any.typeUrl}`);
  }
  try {
    return toPlain(desc, fromBinary(desc, any.value));
  } catch (error) {
    if (error instanceof WireFormatError) throw error;
    throw new WireFormatError(field, `malformed ${desc.typeName}`);
  }
}

/** The ChainRequest steps with each step's data packed as its method's request type. */
export function packChainSteps(
  steps: readonly ChainStepInit[],
): { method: string; data: PlainAny }[] {
  return steps.map((step, index) => {
    const method = findMethod(step.method);
    if (!method)
      throw new WireFormatError(`steps[${index}].method`, `unknown method ${step.method}`);
    // ChainStepInit ties `data` to `method`; the registry lookup recovers the schema at run time.
    const data = (step.data ?? {}) as PlainInitOf<typeof method.input>;
    return { method: step.method, data: packAny(method.input, data) };
  });
}
