import { RequestMethod, type Type } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants.js';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum.js';
import { MetadataScanner, ModulesContainer, Reflector } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { AnySchema } from 'yup';
import { IS_PUBLIC } from './decorators.js';
import { YupPipe } from './validation.pipe.js';

export interface RegisteredRoute {
  /** `METHOD /path/:param`, as the routes are listed and reviewed. */
  route: string;
  method: string;
  path: string;
  isPublic: boolean;
  /** The path's `:params`, in order. */
  params: string[];
  /** The yup schemas the route's pipes validate with, where it declares them. */
  schemas: { body?: AnySchema; query?: AnySchema; params?: AnySchema };
  /** The handler and its controller, for reading other metadata off them. */
  handler: (...args: unknown[]) => unknown;
  controller: Type;
}

/** Every route the running app registered, from its controllers' metadata. */
export function registeredRoutes(app: NestFastifyApplication): RegisteredRoute[] {
  const modules = app.get(ModulesContainer);
  const scanner = new MetadataScanner();
  const reflector = new Reflector();
  const routes: RegisteredRoute[] = [];
  const controllers = [...modules.values()].flatMap((m) => [...m.controllers.values()]);
  for (const wrapper of controllers) {
    const { instance, metatype } = wrapper;
    if (!instance || !metatype) continue;
    const base = String(Reflect.getMetadata('path', metatype) ?? '');
    const prototype = Object.getPrototypeOf(instance);
    for (const name of scanner.getAllMethodNames(prototype)) {
      const handler = prototype[name];
      const path = Reflect.getMetadata('path', handler);
      if (path === undefined) continue;
      const method = RequestMethod[Reflect.getMetadata('method', handler) as number];
      const full = `/${[base, String(path)]
        .map((p) => p.replace(/^\/+|\/+$/g, ''))
        .filter(Boolean)
        .join('/')}`;
      const isPublic = !!reflector.getAllAndOverride<boolean>(IS_PUBLIC, [handler, metatype]);
      const args = Object.entries(
        (Reflect.getMetadata(ROUTE_ARGS_METADATA, metatype, name) ?? {}) as Record<
          string,
          { data?: unknown; pipes?: unknown[] }
        >,
      ).map(([key, arg]) => ({ type: Number(key.split(':')[0]), ...arg }));
      const schemaOf = (type: RouteParamtypes) =>
        args
          .filter((a) => a.type === type && a.data === undefined)
          .flatMap((a) => a.pipes ?? [])
          .find((p): p is YupPipe<AnySchema> => p instanceof YupPipe)?.schema;
      routes.push({
        route: `${method} ${full}`,
        method,
        path: full,
        isPublic,
        params: [...full.matchAll(/:(\w+)/g)].map((m) => m[1]),
        schemas: {
          body: schemaOf(RouteParamtypes.BODY),
          query: schemaOf(RouteParamtypes.QUERY),
          params: schemaOf(RouteParamtypes.PARAM),
        },
        handler,
        controller: metatype as Type,
      });
    }
  }
  return routes;
}
