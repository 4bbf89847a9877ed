import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { convertSchema } from '@sodaru/yup-to-json-schema';
import type { AnySchema } from 'yup';
import { registeredRoutes } from '../../common/registered-routes.js';
import { PRODUCT_NAME } from '../../config/config.js';

/** Where the reference is served: the page, and the document it reads. */
export const OPENAPI_PATH = 'api/docs';
export const OPENAPI_JSON_PATH = '/api/docs/openapi.json';

type JsonSchema = Record<string, unknown> & { properties?: Record<string, JsonSchema>; required?: string[] };

/** A yup schema as JSON Schema (2020-12, OpenAPI 3.1's dialect); its i18n messages stay out. */
function jsonSchemaOf(schema: AnySchema): JsonSchema {
  return convertSchema(schema as Parameters<typeof convertSchema>[0]) as JsonSchema;
}

/**
 * The OpenAPI 3.1 document of the API, from the code: @nestjs/swagger lists every controller's
 * routes (the stand-ins are excluded), and each operation gets from the yup schemas its pipes
 * validate with — the same ones the UI's forms use — its request body and query parameters, and
 * from @Public whether it takes the bearer token. Operations are sorted, so the document only
 * changes when the API does.
 */
export function openApiDocument(app: NestFastifyApplication, version: string): OpenAPIObject {
  const config = new DocumentBuilder()
    .setOpenAPIVersion('3.1.0')
    .setTitle(`${PRODUCT_NAME} API`)
    .setDescription(
      'Every route of the server. Authenticated routes take `Authorization: Bearer <access token>` from ' +
        "`POST /auth/login`; `POST /api/messages/send` takes a connection's send token instead. Errors " +
        'answer `{ error: ERR_* }`; a 400 names each field and its reason in `fields`.',
    )
    .setVersion(version)
    .addBearerAuth()
    .build();
  const document = SwaggerModule.createDocument(app, config, {
    operationIdFactory: (controller, method) => `${controller.replace(/Controller$/, '')}_${method}`,
  });
  for (const route of registeredRoutes(app)) {
    const path = route.path.replace(/:(\w+)/g, '{$1}');
    const operation = document.paths[path]?.[route.method.toLowerCase() as 'get'];
    if (!operation) continue;
    operation.security = route.isPublic ? [] : [{ bearer: [] }];
    if (route.schemas.body) {
      operation.requestBody = {
        required: true,
        content: { 'application/json': { schema: jsonSchemaOf(route.schemas.body) } },
      };
    }
    if (route.schemas.query) {
      const query = jsonSchemaOf(route.schemas.query);
      operation.parameters = [
        ...(operation.parameters ?? []).filter((p) => !('in' in p) || p.in !== 'query'),
        ...Object.entries(query.properties ?? {}).map(([name, schema]) => ({
          name,
          in: 'query' as const,
          required: query.required?.includes(name) ?? false,
          schema,
        })),
      ];
    }
  }
  document.paths = Object.fromEntries(Object.entries(document.paths).sort(([a], [b]) => a.localeCompare(b)));
  return document;
}

/** Serves the interactive reference at /api/docs and the document at /api/docs/openapi.json. */
export function serveOpenApi(app: NestFastifyApplication, version: string): void {
  SwaggerModule.setup(OPENAPI_PATH, app, () => openApiDocument(app, version), {
    jsonDocumentUrl: OPENAPI_JSON_PATH,
    raw: ['json'],
    customSiteTitle: `${PRODUCT_NAME} API`,
  });
}
