/**
 * The API's methods by name, without the JSON type registry (registry.ts): the web client's
 * entry needs only this, and the registry's createRegistry would keep protobuf-es's JSON and
 * registry code in its bundle.
 */
import type { DescMethod, DescService, MessageShape } from '@bufbuild/protobuf';
import type { GenService, GenServiceMethods } from '@bufbuild/protobuf/codegenv2';
import { AccountsService } from './gen/planner/v1/accounts_pb';
import { AppService } from './gen/planner/v1/app_pb';
import { CalendarService } from './gen/planner/v1/calendar_pb';
import { CategoriesService } from './gen/planner/v1/categories_pb';
import { DevicesService } from './gen/planner/v1/devices_pb';
import { EventsService } from './gen/planner/v1/events_pb';
import { RemindersService } from './gen/planner/v1/reminders_pb';
import { RpcService } from './gen/planner/v1/rpc_pb';
import { StatisticsService } from './gen/planner/v1/statistics_pb';
import { TasksService } from './gen/planner/v1/tasks_pb';
import { TiersService } from './gen/planner/v1/tiers_pb';
import { TimelineService } from './gen/planner/v1/timeline_pb';
import { TutorialsService } from './gen/planner/v1/tutorials_pb';
import type { Plain, PlainInit } from './plain';

/** Every service of the API. A new domain adds its generated service here, and nothing else. */
export const services = [
  RpcService,
  AccountsService,
  AppService,
  CalendarService,
  CategoriesService,
  DevicesService,
  EventsService,
  RemindersService,
  TutorialsService,
  StatisticsService,
  TasksService,
  TiersService,
  TimelineService,
] as const;

type Service = (typeof services)[number];
type MethodsOf<S> =
  S extends GenService<GenServiceMethods>
    ? { [K in keyof S['method'] & string as Capitalize<K>]: S['method'][K] }
    : never;
type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (
  x: infer I,
) => void
  ? I
  : never;

/** Method name (the spec's, e.g. `CreateUser`) -> its descriptor with input and output schemas. */
export type MethodTable = UnionToIntersection<MethodsOf<Service>>;
export type MethodName = keyof MethodTable & string;
export type InputSchema<M extends MethodName> = MethodTable[M]['input'];
export type OutputSchema<M extends MethodName> = MethodTable[M]['output'];
/** The decoded request as a handler receives it. */
export type Input<M extends MethodName> = Plain<MessageShape<InputSchema<M>>>;
/** What a caller gives: every field optional. */
export type InputInit<M extends MethodName> = PlainInit<MessageShape<InputSchema<M>>>;
/** The decoded answer as a caller receives it. */
export type Output<M extends MethodName> = Plain<MessageShape<OutputSchema<M>>>;

function buildMethodMap(list: readonly DescService[]): ReadonlyMap<string, DescMethod> {
  const map = new Map<string, DescMethod>();
  for (const service of list) {
    for (const method of service.methods) {
      if (map.has(method.name)) {
        throw new Error(`Method ${method.name} is declared by two services`);
      }
      map.set(method.name, method);
    }
  }
  return map;
}

/** Every method by its wire name. */
export const methods: ReadonlyMap<string, DescMethod> = buildMethodMap(services);

export function findMethod(name: string): DescMethod | undefined {
  return methods.get(name);
}

export function isMethodName(name: string): name is MethodName {
  return methods.has(name);
}
