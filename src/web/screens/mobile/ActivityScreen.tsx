import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router-dom'
import { readCarried } from '../../app/carry'
import { Loading } from '../../app/Loading'
import { useCarriedNavigate } from '../../app/use-carried-navigate'
import light from '../../ui/light.module.css'
import { NoRoom } from './GuideScreen'
import styles from './mobile.module.css'
import { RoomCardView } from './RoomCardView'
import { shareUrl } from './share-url'
import { useRoomCard } from '../../app/use-room-card'

/** /m/activity (no login): the room as an event to pass on: share it, or take part. */
export default function ActivityScreen() {
  const { t } = useTranslation()
  const { search } = useLocation()
  const navigate = useCarriedNavigate()
  const { roomId } = readCarried(search)
  const { card, failed } = useRoomCard(roomId)
  const [copied, setCopied] = useState(false)
  if (failed || !roomId) return <NoRoom />
  if (!card) return <Loading />
  const url = shareUrl(window.location.origin, roomId)
  const share = async () => {
    if (navigator.share) await navigator.share({ title: card.roomName, url }).catch(() => {})
    else await navigator.clipboard?.writeText(url).then(() => setCopied(true))
  }
  return (
    <main className={`${light.root} ${styles.page}`}>
      <RoomCardView card={card} />
      <div className={styles.actions}>
        <button
          type="button"
          className={`${light.button} ${light.primary}`}
          disabled={card.state === 0}
          onClick={() => navigate('/m/guide')}
        >
          {t('guide.takePart')}
        </button>
        <button type="button" className={light.button} onClick={() => void share()}>
          {copied ? t('guide.copied') : t('guide.share')}
        </button>
      </div>
    </main>
  )
}
