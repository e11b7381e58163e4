import { Menu, MenuItemRadio, MenuList, MenuPopover, MenuTrigger } from '@fluentui/react-components'
import { Translate24Regular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import type { State } from '@streams/projections'
import { selectInterpretedLanguages, selectListening } from '@streams/selectors'
import { createSelector } from 'reselect'
import { Role } from '@streams/wire/roles'
import { addLiveTexts } from '../i18n/live'
import { useSelector, useSession } from '../session/context'
import { menuTriggerButton } from '../ui/menu-trigger'

const selectMe = (s: State) => s.me
const selectChosen = (s: State) => selectListening(s)?.streamId ?? ''
/** The interpreters' names, by uid. */
const selectNames = createSelector(
  [selectInterpretedLanguages, (s: State) => s.users],
  (languages, users): Readonly<Record<string, string>> =>
    Object.fromEntries(
      languages.map((l) => {
        const member = users.hosts.get(l.interpreterUid) ?? users.audiences.get(l.interpreterUid)
        return [l.interpreterUid, member?.userName ?? '']
      }),
    ),
)

/** The original sound in the menu's radio group. */
const ORIGINAL = 'original'

/**
 * Interpretation in the meeting (as in Zoom): with languages that members interpret, everyone
 * else in the meeting picks what they hear: the original sound (the interpreters silent) or a
 * language (its interpreter, the room lowered under them). An audience watching the live stream
 * picks in its player instead.
 */
export function InterpretationButton({ narrow }: { narrow: boolean }) {
  addLiveTexts()
  const { t } = useTranslation()
  const { dispatch } = useSession()
  const me = useSelector(selectMe)
  const languages = useSelector(selectInterpretedLanguages)
  const chosen = useSelector(selectChosen)
  const names = useSelector(selectNames)
  const offered = languages.filter((l) => l.interpreterUid !== me?.uid)
  if (offered.length === 0 || !me || me.role === Role.cdnAudience) return null
  return (
    <Menu
      checkedValues={{ interpretation: [chosen || ORIGINAL] }}
      onCheckedValueChange={(_, data) => {
        const value = data.checkedItems[0]
        if (data.name === 'interpretation' && value !== undefined)
          dispatch({
            type: 'ui/interpretationChosen',
            streamId: value === ORIGINAL ? '' : value,
          })
      }}
    >
      <MenuTrigger disableButtonEnhancement>
        {menuTriggerButton(<Translate24Regular />, t('live.interpretation.button'), narrow)}
      </MenuTrigger>
      <MenuPopover>
        <MenuList aria-label={t('live.interpretation.label')}>
          <MenuItemRadio name="interpretation" value={ORIGINAL}>
            {t('live.interpretation.original')}
          </MenuItemRadio>
          {offered.map((l) => (
            <MenuItemRadio
              key={l.streamId}
              name="interpretation"
              value={l.streamId}
              data-language={l.languageType}
            >
              {t('live.interpretation.language', {
                language: l.languageName,
                name: names[l.interpreterUid] || l.interpreterUid,
              })}
            </MenuItemRadio>
          ))}
        </MenuList>
      </MenuPopover>
    </Menu>
  )
}
