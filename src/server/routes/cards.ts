import { Type, type TSchema } from '@sinclair/typebox'
import type { FastifyPluginAsync, FastifyReply, FastifySchemaValidationError } from 'fastify'
import {
  CARD_SIZES,
  CARDS_PATH,
  CardImages,
  CardsBusy,
  MAX_CARD_NAME,
  type CardPicture,
} from '../media/compose/card-images'
import { PAUSED_SLATE } from '../rooms/live-state'

const Size = Type.Unsafe<string>({ type: 'string', enum: [...CARD_SIZES] })
const Name = Type.String({ minLength: 1, maxLength: MAX_CARD_NAME })
const Png = Type.Literal('png')
const Format = Type.Union([Type.Literal('png'), Type.Literal('jpg')])
/** A member's media uid (digits; Agora's uids are at most 2^32 - 1). */
const Uid = Type.String({ pattern: '^[0-9]{1,10}$' })

const schemaOf = (params: Record<string, TSchema>) => ({ params: Type.Object(params) })

/** What was wrong with a request, in words naming the part and what it may be. */
function refusal(errors: readonly FastifySchemaValidationError[]): string {
  const issue = errors[0]
  const part = (issue?.instancePath ?? '').replace(/^\//, '') || 'address'
  const allowed: Record<string, string> = {
    size: `one of the CDN layout's place sizes (${CARD_SIZES.join(', ')})`,
    name: `1 to ${MAX_CARD_NAME} characters`,
    uid: 'a media uid (1 to 10 digits)',
    ext: 'png or jpg (a label: png)',
  }
  return `bad picture address: ${part} must be ${allowed[part] ?? issue?.message ?? 'valid'}`
}

/**
 * GET /media/cards/…: local mode's overlays as PNG (or JPEG) pictures for Agora's cloud, which
 * draws no text (docs/media.md "Names, name cards and the paused slate"):
 * - `label/{W}x{H}/{name}.png`: the name bar under a tile of that size, on a transparent strip
 *   as wide as the tile;
 * - `card/{W}x{H}/{uid}/{name}.{png|jpg}`: the name card (initial on the uid's colour) with its
 *   label, for a person without camera;
 * - `paused.{png|jpg}`: the whole 1280x720 picture while the live is paused.
 * Sizes are the layout's place sizes only; names at most 64 characters. Anyone may fetch them
 * (Agora's transcoder sends no credentials); they show only what the live picture shows. Kept a
 * day by caches (the address names everything drawn).
 */
export const cardRoutes: FastifyPluginAsync<{ images?: CardImages }> = async (app, options) => {
  const images = options.images ?? new CardImages()
  const send = async (reply: FastifyReply, picture: CardPicture) => {
    try {
      const { body, type } = await images.render(picture)
      return reply.header('cache-control', 'public, max-age=86400, immutable').type(type).send(body)
    } catch (error) {
      if (!(error instanceof CardsBusy)) throw error
      // Over the render budget: a clear refusal, asked again by Agora's next fetch.
      return reply
        .code(503)
        .header('retry-after', '1')
        .send({ code: 503, msg: error.message, data: null })
    }
  }
  const refuse = (reply: FastifyReply, errors: readonly FastifySchemaValidationError[]) =>
    reply.code(400).send({ code: 400, msg: refusal(errors), data: null })
  const size = (wxh: string) => wxh.split('x').map(Number) as [number, number]

  app.get<{ Params: { size: string; name: string; ext: 'png' } }>(
    `${CARDS_PATH}/label/:size/:name.:ext`,
    { schema: schemaOf({ size: Size, name: Name, ext: Png }), attachValidation: true },
    async (request, reply) => {
      if (request.validationError) return refuse(reply, request.validationError.validation)
      const [width] = size(request.params.size)
      return send(reply, { kind: 'label', name: request.params.name, width })
    },
  )
  app.get<{ Params: { size: string; uid: string; name: string; ext: 'png' | 'jpg' } }>(
    `${CARDS_PATH}/card/:size/:uid/:name.:ext`,
    { schema: schemaOf({ size: Size, uid: Uid, name: Name, ext: Format }), attachValidation: true },
    async (request, reply) => {
      if (request.validationError) return refuse(reply, request.validationError.validation)
      const { uid, name, ext } = request.params
      const [width, height] = size(request.params.size)
      return send(reply, { kind: 'card', uid, name, width, height, format: ext })
    },
  )
  app.get<{ Params: { ext: 'png' | 'jpg' } }>(
    `${CARDS_PATH}/paused.:ext`,
    { schema: schemaOf({ ext: Format }), attachValidation: true },
    async (request, reply) => {
      if (request.validationError) return refuse(reply, request.validationError.validation)
      return send(reply, { kind: 'paused', text: PAUSED_SLATE, format: request.params.ext })
    },
  )
}
