import { describe, expect, it } from 'vitest'
import { detectLanguage } from '../../src/web/i18n'
import { en } from '../../src/web/i18n/en'
import { zh } from '../../src/web/i18n/zh'
import { roomEn } from '../../src/web/i18n/room/en'
import { roomZh } from '../../src/web/i18n/room/zh'
import { businessEn } from '../../src/web/i18n/business/en'
import { businessZh } from '../../src/web/i18n/business/zh'
import { TOAST_KEYS } from '../../src/web/screens/meeting/dialogs/box-text'

function keys(value: object, prefix = ''): string[] {
  return Object.entries(value).flatMap(([k, v]) =>
    typeof v === 'object' && v ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`],
  )
}

function leaf(texts: object, path: string): unknown {
  return path.split('.').reduce<unknown>((at, k) => (at as Record<string, unknown>)?.[k], texts)
}

describe('language', () => {
  it('[ROUTE-12] is Chinese when the browser language matches zh, otherwise English, and a kept choice wins', () => {
    expect(detectLanguage(null, ['zh-CN', 'en'])).toBe('zh')
    expect(detectLanguage(null, ['en-US', 'zh-TW'])).toBe('zh')
    expect(detectLanguage(null, ['fr-FR'])).toBe('en')
    expect(detectLanguage('en', ['zh-CN'])).toBe('en')
    expect(detectLanguage('zh', ['en-US'])).toBe('zh')
  })

  it('[ERR-3] has every text in both Chinese and English, first-load and room texts alike', () => {
    expect(keys(zh).sort()).toEqual(keys(en).sort())
    expect(keys(roomZh).sort()).toEqual(keys(roomEn).sort())
    expect(keys(businessZh).sort()).toEqual(keys(businessEn).sort())
    for (const [texts, other] of [
      [en, zh],
      [roomEn, roomZh],
      [businessEn, businessZh],
    ] as const)
      for (const key of keys(texts)) {
        expect(String(leaf(texts, key)).trim(), key).not.toBe('')
        expect(String(leaf(other, key)).trim(), key).not.toBe('')
      }
    // The first-load texts and the room texts never claim the same top-level key.
    expect(Object.keys(en).filter((k) => k in roomEn)).toEqual([])
  })

  it('[ERR-3] every user-facing message of spec §8 has its text in both languages', () => {
    const spec = [
      'room join failed',
      'kicked because of login elsewhere',
      'room login failed',
      'network check',
      'screen sharing failed',
      'cloud recording start failed',
      'recording too short',
      'replay failed',
      'teacher already exists',
      'student limit reached',
      'teacher and student limit reached',
      'meeting ended',
      'Meeting has ended',
      'Live has ended',
      'room does not exist',
      'please login',
      'board locked',
      'board unlocked',
      'globalState too large',
      'page not found',
      'upload or convert',
      'Recording failed',
      'That projection address has been deleted',
      'audio switch',
      'kicked naming the kicker',
      'main screen alert',
    ]
    const where: Record<(typeof spec)[number], [object, object, string][]> = {
      'room join failed': [[en, zh, 'errors.joinFailed']],
      'kicked because of login elsewhere': [[roomEn, roomZh, 'dialogs.loginElsewhere.text']],
      'room login failed': [[roomEn, roomZh, 'toasts.roomLoginFailed']],
      'network check': [[roomEn, roomZh, 'toasts.networkCheck']],
      'screen sharing failed': [[roomEn, roomZh, 'toasts.screenShareFailed']],
      'cloud recording start failed': [[roomEn, roomZh, 'toasts.recordingStartFailed']],
      'recording too short': [[roomEn, roomZh, 'toasts.recordingTooShort']],
      'replay failed': [[roomEn, roomZh, 'toasts.replayFailed']],
      'teacher already exists': [[en, zh, 'errors.hostExists']],
      'student limit reached': [[en, zh, 'errors.confereesFull']],
      'teacher and student limit reached': [[en, zh, 'errors.roomFull']],
      'meeting ended': [[roomEn, roomZh, 'dialogs.meetingEnded.text']],
      'Meeting has ended': [[roomEn, roomZh, 'dialogs.meetingHasEnded.text']],
      'Live has ended': [[roomEn, roomZh, 'toasts.liveEnded']],
      'room does not exist': [[en, zh, 'errors.noRoom']],
      'please login': [[roomEn, roomZh, 'toasts.pleaseLogin']],
      'board locked': [[roomEn, roomZh, 'toasts.boardLocked']],
      'board unlocked': [[roomEn, roomZh, 'toasts.boardUnlocked']],
      'globalState too large': [[roomEn, roomZh, 'toasts.globalStateTooLarge']],
      'page not found': [[en, zh, 'status.404.title']],
      'upload or convert': [
        [roomEn, roomZh, 'toasts.uploadSucceeded'],
        [roomEn, roomZh, 'toasts.uploadFailed'],
        [roomEn, roomZh, 'toasts.convertSucceeded'],
        [roomEn, roomZh, 'toasts.convertFailed'],
      ],
      'Recording failed': [[roomEn, roomZh, 'dialogs.recordingFailed.text']],
      'That projection address has been deleted': [[roomEn, roomZh, 'toasts.projectionDeleted']],
      'audio switch': [[roomEn, roomZh, 'toasts.audioSwitched']],
      'kicked naming the kicker': [[roomEn, roomZh, 'dialogs.kicked.text']],
      'main screen alert': [[roomEn, roomZh, 'dialogs.mainScreenBlocked']],
    }
    for (const message of spec)
      for (const [english, chinese, key] of where[message]!) {
        expect(typeof leaf(english, key), `${message}: ${key}`).toBe('string')
        expect(typeof leaf(chinese, key), `${message}: ${key} (zh)`).toBe('string')
      }
    expect(leaf(roomEn, 'dialogs.kicked.text')).toContain('{{by}}')
    expect(leaf(roomZh, 'dialogs.kicked.text')).toContain('{{by}}')
    expect(leaf(roomEn, 'toasts.audioSwitched')).toBe(
      'Your audio was switched to {{device}}; change it in Settings-Audio settings',
    )
    expect(leaf(roomEn, 'dialogs.mainScreenBlocked')).toBe(
      'There is someone sharing or sharing the whiteboard, cannot set main screen',
    )
  })

  it('[ERR-3] every toast key the core uses maps to a text in both languages', () => {
    // the business texts add their toasts to the room's
    const en = { toasts: { ...roomEn.toasts, ...businessEn.toasts } }
    const zh = { toasts: { ...roomZh.toasts, ...businessZh.toasts } }
    for (const [coreKey, key] of Object.entries(TOAST_KEYS)) {
      expect(typeof leaf(en, `toasts.${key}`), coreKey).toBe('string')
      expect(typeof leaf(zh, `toasts.${key}`), coreKey).toBe('string')
    }
  })
})
