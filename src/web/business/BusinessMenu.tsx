import {
  Menu,
  MenuDivider,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
} from '@fluentui/react-components'
import {
  Cart24Regular,
  CalendarCheckmark24Regular,
  DrinkBeer24Regular,
  Gift24Regular,
  PeopleCheckmark24Regular,
  QuizNew24Regular,
  Sparkle24Regular,
} from '@fluentui/react-icons'
import { lazy, Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { State } from '@streams/projections'
import { selectCan } from '@streams/selectors'
import { Role } from '@streams/wire/roles'
import { addBusinessTexts } from '../i18n/business'
import { useSelector, useSession } from '../session/context'
import { menuTriggerButton } from '../ui/menu-trigger'

// The dialogs load when first opened: the room's first JS carries none of them.
const QuizDialog = lazy(() => import('./quiz/QuizDialog'))
const SendRedPacketDialog = lazy(() => import('./red/SendRedPacketDialog'))
const SignInWallDialog = lazy(() => import('./SignInWallDialog'))
const GoodsDialog = lazy(() => import('./GoodsDialog'))

type Open = 'quiz' | 'sendRed' | 'wall' | 'goods' | null

interface MenuView {
  readonly host: boolean
  readonly sendRed: boolean
  readonly signIn: boolean
  readonly signedIn: boolean
  readonly toasts: boolean
  readonly hostName: string
}

let last: MenuView | undefined
/**
 * Who sees what: a host manages quizzes and goods and always may send a red packet; a non-host
 * gets sendRed once a red packet reached it ([MSG-8]); everyone but a projection signs in and
 * sees the sign-in wall; everyone who may sends the business toasts ([MSG-10]).
 */
function selectMenu(s: State): MenuView {
  const host = selectCan(s, 'manageRoom')
  const view: MenuView = {
    host,
    sendRed: host || s.business.tools.includes('sendRed'),
    signIn: s.me !== null && s.me.role !== Role.projection,
    signedIn: s.business.signedIn,
    toasts: selectCan(s, 'sendBusiness'),
    hostName: s.users.hosts.values()[0]?.userName ?? '',
  }
  if (last && (Object.keys(view) as (keyof MenuView)[]).every((k) => view[k] === last![k]))
    return last
  last = view
  return view
}

/** "Interact": quizzes, red packets, sign-in and its wall, goods and the toasts, by role. */
export function BusinessMenu({ narrow }: { narrow: boolean }) {
  addBusinessTexts()
  const { t } = useTranslation()
  const { dispatch, replay } = useSession()
  const view = useSelector(selectMenu)
  const [open, setOpen] = useState<Open>(null)
  if (!view.signIn) return null
  const close = () => setOpen(null)
  return (
    <>
      <Menu>
        <MenuTrigger disableButtonEnhancement>
          {menuTriggerButton(<Sparkle24Regular />, t('biz.menu'), narrow)}
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            {view.host && (
              <MenuItem icon={<QuizNew24Regular />} onClick={() => setOpen('quiz')}>
                {t('biz.quiz.button')}
              </MenuItem>
            )}
            {view.host && (
              <MenuItem icon={<Cart24Regular />} onClick={() => setOpen('goods')}>
                {t('biz.goods.button')}
              </MenuItem>
            )}
            {view.sendRed && (
              <MenuItem icon={<Gift24Regular />} onClick={() => setOpen('sendRed')}>
                {t('biz.red.send')}
              </MenuItem>
            )}
            <MenuItem
              icon={<CalendarCheckmark24Regular />}
              disabled={view.signedIn}
              onClick={() => dispatch({ type: 'ui/signInClicked' })}
            >
              {view.signedIn ? t('biz.signIn.done') : t('biz.signIn.button')}
            </MenuItem>
            <MenuItem icon={<PeopleCheckmark24Regular />} onClick={() => setOpen('wall')}>
              {t('biz.signIn.wall')}
            </MenuItem>
            {view.toasts && (
              <>
                <MenuDivider />
                <MenuItem
                  icon={<DrinkBeer24Regular />}
                  onClick={() => dispatch({ type: 'ui/businessSent', kind: 'cheers' })}
                >
                  {t('biz.toasts.cheers')}
                </MenuItem>
                {!view.host && view.hostName && (
                  <MenuItem
                    icon={<DrinkBeer24Regular />}
                    onClick={() =>
                      dispatch({
                        type: 'ui/businessSent',
                        kind: 'liquorOfRespect',
                        targetName: view.hostName,
                      })
                    }
                  >
                    {t('biz.toasts.respect')}
                  </MenuItem>
                )}
                <MenuItem
                  icon={<DrinkBeer24Regular />}
                  onClick={() =>
                    dispatch({
                      type: 'ui/businessSent',
                      kind: 'liquorOfInviting',
                      targetName: t('biz.toasts.everyone'),
                    })
                  }
                >
                  {t('biz.toasts.inviting')}
                </MenuItem>
              </>
            )}
          </MenuList>
        </MenuPopover>
      </Menu>
      {open !== null && !replay && (
        <Suspense fallback={null}>
          {open === 'quiz' && <QuizDialog onClose={close} />}
          {open === 'sendRed' && <SendRedPacketDialog onClose={close} />}
          {open === 'wall' && <SignInWallDialog onClose={close} />}
          {open === 'goods' && <GoodsDialog onClose={close} />}
        </Suspense>
      )}
    </>
  )
}
