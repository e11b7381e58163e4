import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'react-router-dom'
import { readCarried, withCarried } from '../../app/carry'
import { Loading } from '../../app/Loading'
import { FROM_GUIDE } from '../../app/phone'
import { useCarriedNavigate } from '../../app/use-carried-navigate'
import light from '../../ui/light.module.css'
import styles from './mobile.module.css'
import { RoomCardView } from './RoomCardView'
import { useRoomCard } from '../../app/use-room-card'
import { WatchForm } from './WatchForm'

/**
 * /m/guide, the live guide (no login, [ROUTE-3]): where a share link lands in a phone's in-app
 * browser. It shows the room and leads to the join form with the carried parameters.
 */
export default function GuideScreen() {
  const { t } = useTranslation()
  const { search } = useLocation()
  const navigate = useCarriedNavigate()
  const { roomId } = readCarried(search)
  const { card, failed } = useRoomCard(roomId)
  if (failed) return <NoRoom />
  if (!card) return <Loading />
  return (
    <main className={`${light.root} ${styles.page}`}>
      <RoomCardView card={card} />
      {card.state !== 0 && <WatchForm roomName={card.roomName} />}
      <div className={styles.actions}>
        <button
          type="button"
          className={light.button}
          disabled={card.state === 0}
          onClick={() => navigate('/home', { state: FROM_GUIDE })}
        >
          {card.state === 0 ? t('guide.states.ended') : t('guide.enter')}
        </button>
        <Link className={light.link} to={withCarried('/m/appLook', search)}>
          {t('guide.openInApp')}
        </Link>
      </div>
    </main>
  )
}

export function NoRoom() {
  const { t } = useTranslation()
  const { search } = useLocation()
  return (
    <main className={light.center}>
      <p>{t('errors.noRoom')}</p>
      <Link to={withCarried('/home', search)} state={FROM_GUIDE}>
        {t('status.home')}
      </Link>
    </main>
  )
}
