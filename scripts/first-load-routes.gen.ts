// Prints the `virtual:first-load-routes` module (see first-load-routes.ts); run with tsx.
import { TypeCompiler } from '@sinclair/typebox/compiler'
import type { TSchema } from '@sinclair/typebox'
import { AuthService } from '@streams/wire/rest/auth'
import { ClientConfigSchema } from '@streams/wire/rest/room'
import type { RouteDef, Service } from '@streams/wire/rest/route'
import { SceneService, SceneV1Service } from '@streams/wire/rest/scene'

/** The routes the first screens (/login, /home, the public phone pages) call. */
const FIRST_LOAD: Record<string, [Service, RouteDef]> = {
  ...Object.fromEntries(
    Object.entries(AuthService.routes).map(([name, def]) => [`auth.${name}`, [AuthService, def]]),
  ),
  'scene.user': [SceneService, SceneService.routes.user],
  'sceneV1.externalInfo': [SceneV1Service, SceneV1Service.routes.externalInfo],
}

function check(schema: TSchema): string {
  return `(function () {\n${TypeCompiler.Code(schema, [], { language: 'javascript' })}\n})()`
}

const entries = Object.entries(FIRST_LOAD).map(([name, [service, def]]) => {
  const route = {
    prefix: service.prefix,
    notLoggedInCode: service.notLoggedInCode,
    method: def.method,
    path: def.path,
    encoding: def.encoding ?? 'json',
  }
  return `  ${JSON.stringify(name)}: { ...${JSON.stringify(route)}, check: ${check(def.data)} },`
})
process.stdout.write(
  [
    '// Generated from streams/wire/rest by scripts/first-load-routes.gen.ts.',
    `export const routes = {\n${entries.join('\n')}\n}`,
    `export const checkClientConfig = ${check(ClientConfigSchema)}`,
    '',
  ].join('\n'),
)
