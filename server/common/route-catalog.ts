import { RequestMethod, type INestApplicationContext, type Type } from '@nestjs/common';
import {
  GUARDS_METADATA,
  HTTP_CODE_METADATA,
  METHOD_METADATA,
  PATH_METADATA,
  ROUTE_ARGS_METADATA,
} from '@nestjs/common/constants.js';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum.js';
import { ModulesContainer } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { TApiKeyScope } from '../../shared/api-keys.js';
import type { TPermission } from '../../shared/permissions.js';
import { KEY_SCOPE, REQUIRED_PERMISSION } from '../auth/auth-context.js';
import { SessionGuard } from '../auth/session.guard.js';
import { ROUTE_INPUTS, type RouteInputs } from './route-inputs.js';
import { ROUTE_OUTPUTS, type RouteOutputs } from './route-outputs.js';
import { UuidParam } from './uuid.pipe.js';
import { ZodPipe } from './zod.pipe.js';

/** A route the app serves: who may call it and the schemas of what it reads. */
export interface CatalogRoute {
  method: string;
  /** As registered, e.g. `/api/reviews/:id/`. */
  path: string;
  /** The path parameters' names (`*` for a wildcard). */
  params: string[];
  handledBy: 'nest' | 'fastify';
  /** Behind SessionGuard (`@Authenticated()`). */
  authenticated: boolean;
  /** The permission SessionGuard requires (owner-only ones: DESIGN §6.5). */
  permission: TPermission | null;
  /** The scope an API key needs here (`@KeyScope`); null: keys are refused. */
  keyScope: TApiKeyScope | null;
  inputs: RouteInputs;
  /** `Controller.method` of a Nest route. */
  handler: string | null;
  /** The success status a Nest route answers with (`@HttpCode`, else 201 for POST and 200 otherwise). */
  status: number | null;
  /** What it answers (`@Answers`, or a plain route's `config.outputs`); null when not yet described. */
  outputs: RouteOutputs | null;
}

interface RecordedRoute {
  method: string;
  path: string;
  inputs?: RouteInputs;
  outputs?: RouteOutputs;
}

interface NestRoute {
  authenticated: boolean;
  permission: TPermission | null;
  keyScope: TApiKeyScope | null;
  inputs: RouteInputs;
  handler: string;
  status: number | null;
  outputs: RouteOutputs | null;
}

interface RouteArg {
  data?: unknown;
  pipes?: unknown[];
}

const recorded = new WeakMap<object, RecordedRoute[]>();

/**
 * Keeps every route Fastify registers from now on, Nest's and the plain Fastify ones (storefront reads, webhooks,
 * static files): called before the app's routes exist, so none can be missed.
 */
export function recordRoutes(fastify: FastifyInstance): void {
  const routes: RecordedRoute[] = [];
  recorded.set(fastify, routes);
  fastify.addHook('onRoute', (route) => {
    // A GET answers HEAD too; explicit HEAD routes (static files) only mirror their GET.
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD')
        routes.push({ method, path: route.url, inputs: route.config?.inputs, outputs: route.config?.outputs });
    }
  });
}

/** The method and path of every route registered since recordRoutes() (HEAD aside: a GET answers it). */
export function recordedRoutes(fastify: object): readonly RecordedRoute[] {
  const routes = recorded.get(fastify);
  if (!routes) throw new Error('recordRoutes() was not called before the routes were registered');
  return routes;
}

/** The routes of an app built by createApp, with what Nest's metadata says of each (guards, permission, ZodPipes). */
export function routeCatalog(
  app: INestApplicationContext & { getHttpAdapter(): { getInstance(): object } },
): CatalogRoute[] {
  return routeCatalogOf(app.getHttpAdapter().getInstance(), app.get(ModulesContainer));
}

/** The same from inside the app: its Fastify instance and Nest's modules (e.g. injected into a controller). */
export function routeCatalogOf(fastify: object, modules: ModulesContainer): CatalogRoute[] {
  const routes = recordedRoutes(fastify);
  const nest = nestRoutes(modules);
  return routes.map((route): CatalogRoute => {
    const params = [...route.path.matchAll(/:(\w+)|\*/g)].map((match) => match[1] ?? '*');
    const known = nest.get(routeKey(route.method, route.path));
    const inputs: RouteInputs = { ...route.inputs, ...known?.inputs };
    if (!inputs.params && params.length) {
      inputs.params = z.object(Object.fromEntries(params.map((name) => [name, z.string()])));
    }
    return {
      method: route.method,
      path: route.path,
      params,
      handledBy: known ? 'nest' : 'fastify',
      authenticated: known?.authenticated ?? false,
      permission: known?.permission ?? null,
      keyScope: known?.keyScope ?? null,
      inputs,
      handler: known?.handler ?? null,
      status: known ? (known.status ?? (route.method === 'POST' ? 201 : 200)) : null,
      outputs: known?.outputs ?? route.outputs ?? null,
    };
  });
}

function routeKey(method: string, path: string): string {
  return `${method} /${path.split('/').filter(Boolean).join('/')}`;
}

function nestRoutes(modules: ModulesContainer): Map<string, NestRoute> {
  const index = new Map<string, NestRoute>();
  for (const module of modules.values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as Type | null;
      if (!controller) continue;
      const prefixes = [Reflect.getMetadata(PATH_METADATA, controller) ?? ''].flat() as string[];
      for (const name of Object.getOwnPropertyNames(controller.prototype)) {
        const handler = (controller.prototype as Record<string, unknown>)[name];
        if (typeof handler !== 'function') continue;
        const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        if (method === undefined) continue;
        const route = describeHandler(controller, name, handler);
        for (const prefix of prefixes) {
          for (const path of [Reflect.getMetadata(PATH_METADATA, handler) ?? ''].flat() as string[]) {
            index.set(routeKey(RequestMethod[method], `${prefix}/${path}`), route);
          }
        }
      }
    }
  }
  return index;
}

function describeHandler(controller: Type, name: string, handler: object): NestRoute {
  const guards = [
    ...((Reflect.getMetadata(GUARDS_METADATA, controller) as unknown[]) ?? []),
    ...((Reflect.getMetadata(GUARDS_METADATA, handler) as unknown[]) ?? []),
  ];
  const inputs: RouteInputs = { ...(Reflect.getMetadata(ROUTE_INPUTS, handler) as RouteInputs | undefined) };
  const params: Record<string, z.ZodType> = {};
  const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, name) ?? {}) as Record<string, RouteArg>;
  for (const [key, arg] of Object.entries(args)) {
    const type = Number(key.split(':')[0]);
    const schema = arg.pipes?.find((pipe): pipe is ZodPipe<z.ZodType> => pipe instanceof ZodPipe)?.schema;
    if (type === RouteParamtypes.BODY && schema && arg.data === undefined) inputs.body = schema;
    if (type === RouteParamtypes.QUERY && schema && arg.data === undefined) inputs.query = schema;
    if (type === RouteParamtypes.PARAM && typeof arg.data === 'string') {
      params[arg.data] = schema ?? (arg.pipes?.includes(UuidParam) ? z.uuid() : z.string());
    }
  }
  if (Object.keys(params).length) inputs.params = z.object(params);
  return {
    authenticated: guards.includes(SessionGuard),
    permission:
      ((Reflect.getMetadata(REQUIRED_PERMISSION, handler) ?? Reflect.getMetadata(REQUIRED_PERMISSION, controller)) as
        TPermission | undefined) ?? null,
    keyScope:
      ((Reflect.getMetadata(KEY_SCOPE, handler) ?? Reflect.getMetadata(KEY_SCOPE, controller)) as
        TApiKeyScope | undefined) ?? null,
    inputs,
    handler: `${controller.name}.${name}`,
    status: (Reflect.getMetadata(HTTP_CODE_METADATA, handler) as number | undefined) ?? null,
    outputs: (Reflect.getMetadata(ROUTE_OUTPUTS, handler) as RouteOutputs | undefined) ?? null,
  };
}
