import { createHash, randomBytes } from 'node:crypto'
import type { FastifyPluginAsync } from 'fastify'
import { Cmd } from '@streams/wire/channel'
import { GoodsService, SignatureService } from '@streams/wire/rest/goods'
import { ApiFailure } from '../http/errors'
import { registerService } from '../http/register'
import { Code, loadRoom, requireAction, requireLive, requireMember } from '../rooms/access'
import { findGoods, insertGoods, listGoods } from '../store/goods'
import type { RouteOptions } from './options'

/** The messaging app's JS-SDK signature: sha1 of the sorted ticket, nonce, timestamp and url. */
export function jsSdkSignature(
  ticket: string,
  nonceStr: string,
  timestamp: number,
  url: string,
): string {
  const text = `jsapi_ticket=${ticket}&noncestr=${nonceStr}&timestamp=${timestamp}&url=${url.split('#')[0]}`
  return createHash('sha1').update(text).digest('hex')
}

/** Goods of a room (spec §7 goods activity) and the messaging app's signature call. */
export const goodsRoutes: FastifyPluginAsync<RouteOptions> = async (
  app,
  { deps, register: options },
) => {
  const { db } = deps

  registerService(
    app,
    GoodsService,
    {
      async activity({ query, who }) {
        const room = await loadRoom(db, query.roomId)
        await requireMember(db, room, who)
        return listGoods(db, room.room_id)
      },

      async add({ body, who }) {
        const room = await loadRoom(db, body.roomId)
        requireLive(room)
        const me = await requireMember(db, room, who)
        requireAction(me, 'manageRoom')
        return insertGoods(db, {
          goodsId: randomBytes(8).toString('hex'),
          roomId: room.room_id,
          title: body.title.trim(),
          goodsImg: body.goodsImg ?? '',
          price: body.price ?? 0,
          url: body.url ?? '',
          isAppStore: body.isAppStore ?? 0,
          objectId: body.objectId ?? '',
          objectType: body.objectType ?? '',
          createTime: deps.now(),
        })
      },

      async show({ body, who }) {
        const room = await loadRoom(db, body.roomId)
        requireLive(room)
        const me = await requireMember(db, room, who)
        requireAction(me, 'manageRoom')
        const goods = await findGoods(db, room.room_id, body.goodsId)
        if (!goods)
          throw new ApiFailure(Code.noRoom, 'no such goods in this room', { reason: 'noGoods' })
        deps.announce.channel(room.channel_name, Cmd.showGoodsDetail, {
          userId: me.userId,
          userName: me.userName,
          goodsId: goods.goodsId,
          goodsImg: goods.goodsImg,
          isAppStore: goods.isAppStore === 1,
          objectId: goods.objectId,
          objectType: goods.objectType,
          title: goods.title,
          price: goods.price,
          url: goods.url,
          show: body.show !== false,
        })
        return goods
      },
    },
    options,
  )

  let cached: { ticket: string; until: number } | undefined
  const ticket = async (): Promise<string> => {
    const { wechatAppId: appId, wechatAppSecret: secret } = deps.settings
    if (!appId || !secret)
      throw new ApiFailure(Code.notConfigured, 'the messaging app is not configured', {
        reason: 'notConfigured',
      })
    if (cached && cached.until > deps.now()) return cached.ticket
    const api = 'https://api.weixin.qq.com/cgi-bin'
    const get = async (url: string) =>
      (await (await fetch(url, { signal: AbortSignal.timeout(5000) })).json()) as Record<
        string,
        unknown
      >
    try {
      const token = await get(
        `${api}/token?grant_type=client_credential&appid=${encodeURIComponent(appId)}&secret=${encodeURIComponent(secret)}`,
      )
      const answer = await get(
        `${api}/ticket/getticket?type=jsapi&access_token=${String(token.access_token)}`,
      )
      if (typeof answer.ticket !== 'string') throw new Error('no ticket')
      cached = { ticket: answer.ticket, until: deps.now() + 7000_000 }
      return answer.ticket
    } catch {
      throw new ApiFailure(Code.notConfigured, 'the messaging app did not answer', {
        reason: 'unavailable',
      })
    }
  }

  registerService(
    app,
    SignatureService,
    {
      async signature({ query }) {
        const appId = deps.settings.wechatAppId ?? ''
        const jsTicket = await ticket()
        const nonceStr = randomBytes(8).toString('hex')
        const timestamp = Math.floor(deps.now() / 1000)
        return {
          appId,
          timestamp,
          nonceStr,
          signature: jsSdkSignature(jsTicket, nonceStr, timestamp, query.url),
        }
      },
    },
    options,
  )
}
