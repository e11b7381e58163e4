import { beforeAll, describe, expect, it } from 'vitest'
import i18next from 'i18next'
import { addRoomTexts } from '../../../src/web/i18n/room'
import { boxText, toastText } from '../../../src/web/screens/meeting/dialogs/box-text'
import { setupI18n } from '../setup-i18n'
import { initialState, reduce } from '@streams/projections'

const box = (kind: string, params: Record<string, string | number> = {}) => ({
  id: 1,
  kind,
  params,
  confirmLabel: 'confirm',
  rejectLabel: 'reject' as string | null,
})

beforeAll(async () => {
  await setupI18n('en')
  addRoomTexts()
})

describe('boxes and toasts', () => {
  it('[KICK-4] the kicked-out box names the kicker', () => {
    const t = i18next.getFixedT('en')
    expect(boxText(t, box('kicked', { by: 'Hana Host' })).body).toBe(
      'Hana Host removed you from the meeting.',
    )
    expect(boxText(i18next.getFixedT('zh'), box('kicked', { by: 'Hana Host' })).body).toContain(
      'Hana Host',
    )
  })

  it('a local-mode room limit is a warning naming Agora mode as the way to larger rooms', () => {
    const s = reduce(initialState, { type: 'rtc/limitReached', limit: 'publishers', max: 5 })
    const toast = s.ui.toasts[0]!
    expect(toast).toMatchObject({ level: 'warning', duration: 5000 })
    expect(toastText(i18next.getFixedT('en'), toast)).toBe(
      'This room already has 5 people publishing, the most local mode sustains. Rooms with more publishers need Agora mode.',
    )
    const watchers = reduce(initialState, { type: 'rtc/limitReached', limit: 'watchers', max: 19 })
    expect(toastText(i18next.getFixedT('zh'), watchers.ui.toasts[0]!)).toContain('Agora')
    expect(toastText(i18next.getFixedT('en'), watchers.ui.toasts[0]!)).toContain('19 people')
  })

  it("[ERR-2] the default labels 'confirm' and 'reject' are translated", () => {
    const t = i18next.getFixedT('en')
    expect(boxText(t, box('invite', { userName: 'Hana', requestType: 2 }))).toMatchObject({
      title: 'Invitation',
      body: 'Hana invites you to the camera.',
      confirm: 'Confirm',
      reject: 'Reject',
    })
    expect(
      boxText(i18next.getFixedT('zh'), box('apply', { userName: 'Carl', requestType: 3 })),
    ).toMatchObject({ confirm: '确认', reject: '拒绝' })
  })

  it('[MAIN-3] the main-screen alert is shown in the user language', () => {
    const alert = box('alert', {
      message: 'There is someone sharing or sharing the whiteboard, cannot set main screen',
    })
    expect(boxText(i18next.getFixedT('zh'), alert).body).toBe(
      '有人正在共享屏幕或白板，无法设置主屏',
    )
  })

  it('[TRACK-4] [ERR-3] toasts say the core key in the user language; an unknown key is shown as is', () => {
    const t = i18next.getFixedT('en')
    expect(toastText(t, { key: 'audioSwitched', params: { device: 'USB Mic' } })).toBe(
      'Your audio was switched to USB Mic; change it in Settings-Audio settings',
    )
    expect(toastText(t, { key: 'update board permission failed', params: {} })).toBe(
      'Update board permission failed',
    )
    expect(toastText(t, { key: 'a server message', params: {} })).toBe('a server message')
  })
})
