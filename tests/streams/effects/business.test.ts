import { of, throwError } from 'rxjs'
import { describe, expect, it } from 'vitest'
import { businessCallsEffect, openRedPacketEffect } from '@streams/effects/business'
import { RestFailure } from '@streams/ports/rest'
import { Cmd } from '@streams/wire/channel'
import { asHost, byHost, inRoom, msg } from '../fixtures'
import { runEffects } from './harness'

const packet = (over: object = {}) => ({
  luckyMoneyId: 'lm1',
  roomId: 'r1',
  senderUserId: 'user-100',
  senderName: 'Name 100',
  greeting: 'Best wishes',
  totalAmount: 10,
  count: 2,
  remainingAmount: 10,
  remainingCount: 2,
  status: 1,
  createTime: 1,
  myAmount: 0,
  ...over,
})
const draw = {
  luckyMoneyId: 'lm1',
  userId: 'user-300',
  userName: 'Name 300',
  amount: 4,
  drawTime: 5,
}

describe('red packets', () => {
  it('[CMD-19] [MSG-8] a conferee gets a red packet, opens it and sees its results; it may send one only after one reached it', () => {
    const h = runEffects(
      inRoom(),
      [businessCallsEffect],
      (_h, at) => {
        at(5, { type: 'ui/redPacketSent', totalAmount: 10, count: 2, greeting: 'hi' })
        at(10, msg(Cmd.redPacket, { ...byHost, luckyMoneyId: 'lm1', total: 10, count: 2 }))
        at(20, { type: 'ui/redPacketGrabbed', luckyMoneyId: 'lm1' })
        at(30, { type: 'ui/redPacketResultsOpened', luckyMoneyId: 'lm1' })
        at(40, { type: 'ui/redPacketSent', totalAmount: 6, count: 3, greeting: 'back' })
      },
      {
        rest: {
          grabRedPacket: () => of(draw),
          loadRedPackets: () => of({ packets: [packet({ remainingCount: 1 })], draws: [draw] }),
          sendRedPacket: () => of(packet({ luckyMoneyId: 'lm2' })),
        },
      },
    )
    expect(h.calls('rest')).toEqual([
      ['rest.grabRedPacket', 'lm1'],
      ['rest.loadRedPackets', 'r1', 'lm1'],
      ['rest.sendRedPacket', 'r1', 6, 3, 'back'],
    ])
    const b = h.store.getState().business
    expect(b.tools).toEqual(['robRed', 'sendRed'])
    expect(b.drawn?.amount).toBe(4)
    expect(b.packetResults?.draws).toEqual([draw])
  })

  it("[ERR-3] a packet all taken is refused with the server's reason, shown as a toast", () => {
    const h = runEffects(
      inRoom(),
      [businessCallsEffect],
      (_h, at) => {
        at(10, msg(Cmd.redPacket, { ...byHost, luckyMoneyId: 'lm1' }))
        at(20, { type: 'ui/redPacketGrabbed', luckyMoneyId: 'lm1' })
      },
      {
        rest: {
          grabRedPacket: () =>
            throwError(() => new RestFailure('the lucky money is all taken', 1601, 200)),
        },
      },
    )
    expect(h.store.getState().ui.toasts.map((t) => [t.level, t.key])).toEqual([
      ['error', 'the lucky money is all taken'],
    ])
  })

  it('[CMD-19] a late comer finds the open red packet on entry (not one it already opened)', () => {
    const open = runEffects(
      inRoom(),
      [openRedPacketEffect],
      (_h, at) => at(10, { type: 'life/entered', roomId: 'r1', uid: '300' }),
      { rest: { loadOpenRedPacket: () => of(packet()) } },
    )
    expect(open.store.getState().business.redPacket).toMatchObject({
      luckyMoneyId: 'lm1',
      userName: 'Name 100',
      greeting: 'Best wishes',
    })
    const opened = runEffects(
      inRoom(),
      [openRedPacketEffect],
      (_h, at) => at(10, { type: 'life/entered', roomId: 'r1', uid: '300' }),
      { rest: { loadOpenRedPacket: () => of(packet({ myAmount: 3 })) } },
    )
    expect(opened.store.getState().business.redPacket).toBeNull()
  })
})

describe('sign-in and goods', () => {
  it('[CMD-18] I sign in; the sign-in wall lists who did and follows each sign-in announced', () => {
    const record = (userId: string, userName: string) => ({
      roomId: 'r1',
      userId,
      userName,
      userPhoto: '',
      signInTime: 1,
    })
    const h = runEffects(
      inRoom(),
      [businessCallsEffect],
      (_h, at) => {
        at(10, { type: 'ui/signInWallOpened' })
        at(20, { type: 'ui/signInClicked' })
        at(30, msg(Cmd.nxBusiness, { userId: 'user-400', userName: 'Dan', type: 'signIn' }))
        at(40, msg(Cmd.nxBusiness, { userId: 'user-400', userName: 'Dan', type: 'signIn' }))
      },
      {
        rest: {
          loadSignIns: () => of([record('user-100', 'Name 100')]),
          signIn: () => of(record('user-300', 'Name 300')),
        },
      },
    )
    const b = h.store.getState().business
    expect(b.signedIn).toBe(true)
    expect(b.signIns?.map((s) => s.userName)).toEqual(['Name 100', 'Name 300', 'Dan'])
  })

  it('[CMD-23] [ROLE-2] a host adds goods and shows them; a conferee cannot; the card closes on my screen', () => {
    const goods = {
      goodsId: 'g1',
      roomId: 'r1',
      title: 'Tea set',
      goodsImg: '',
      price: 9950,
      url: 'https://shop.example/tea',
      isAppStore: 0 as const,
      objectId: '',
      objectType: '',
      createTime: 1,
    }
    const host = runEffects(
      asHost(),
      [businessCallsEffect],
      (_h, at) => {
        at(10, { type: 'ui/goodsOpened' })
        at(20, {
          type: 'ui/goodsAdded',
          draft: { title: 'Tea set', price: 9950, url: 'https://shop.example/tea', goodsImg: '' },
        })
        at(30, { type: 'ui/goodsPresented', goodsId: 'g1', show: true })
        at(40, msg(Cmd.showGoodsDetail, { ...byHost, goodsId: 'g1', title: 'Tea set', show: true }))
      },
      {
        rest: { loadGoods: () => of([]), addGoods: () => of(goods), presentGoods: () => of(goods) },
      },
    )
    expect(host.calls('rest').map((c) => c[0])).toEqual([
      'rest.loadGoods',
      'rest.addGoods',
      'rest.presentGoods',
    ])
    expect(host.store.getState().business.goodsList).toEqual([goods])
    expect(host.store.getState().business.goods?.title).toBe('Tea set')

    const conferee = runEffects(inRoom(), [businessCallsEffect], (_h, at) => {
      at(10, { type: 'ui/goodsPresented', goodsId: 'g1', show: true })
      at(20, msg(Cmd.showGoodsDetail, { ...byHost, goodsId: 'g1', title: 'Tea set' }))
      at(30, { type: 'ui/goodsCardClosed' })
    })
    expect(conferee.calls('rest')).toEqual([])
    expect(conferee.store.getState().business.goods).toBeNull()
  })
})
