import { RpcError } from '@planner/protocol';

/** The RpcError a call failed with; throws when it succeeded or failed another way. */
export async function rpcError(promise: Promise<unknown>): Promise<RpcError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof RpcError)) throw new Error(`expected an RpcError, got ${String(error)}`);
  return error;
}
