import { describe, expect, it } from 'vitest'
import { detectLanguage } from '../../src/web/i18n'
import { en } from '../../src/web/i18n/en'
import { zh } from '../../src/web/i18n/zh'

function keys(value: object, prefix = ''): string[] {
  return Object.entries(value).flatMap(([k, v]) =>
    typeof v === 'object' && v ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`],
  )
}

describe('language', () => {
  it('[ROUTE-12] is Chinese when the browser language matches zh, otherwise English, and a kept choice wins', () => {
    expect(detectLanguage(null, ['zh-CN', 'en'])).toBe('zh')
    expect(detectLanguage(null, ['en-US', 'zh-TW'])).toBe('zh')
    expect(detectLanguage(null, ['fr-FR'])).toBe('en')
    expect(detectLanguage('en', ['zh-CN'])).toBe('en')
    expect(detectLanguage('zh', ['en-US'])).toBe('zh')
  })

  it('has every text in both Chinese and English', () => {
    expect(keys(zh).sort()).toEqual(keys(en).sort())
    expect(
      keys(zh).filter(
        (k) =>
          keys(en).includes(k) && !String(k).startsWith('language.') && !k.startsWith('app.name'),
      ).length,
    ).toBeGreaterThan(30)
  })
})
