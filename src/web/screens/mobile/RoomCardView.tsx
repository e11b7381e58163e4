import { useTranslation } from 'react-i18next'
import { LanguageSwitch } from '../../app/LanguageSwitch'
import styles from './mobile.module.css'
import light from '../../ui/light.module.css'
import type { RoomCard } from '../../app/use-room-card'

/** A public room card: cover, name, host, state, start time and people online. */
export function RoomCardView({ card }: { card: RoomCard }) {
  const { t, i18n } = useTranslation()
  const state = card.state === 0 ? 'ended' : card.liveState === 1 ? 'live' : 'open'
  return (
    <>
      <div className={light.header}>
        <h1 className={styles.title}>{card.roomName}</h1>
        <LanguageSwitch />
      </div>
      {card.mobCoverImage ? (
        <img className={styles.cover} src={card.mobCoverImage} alt="" />
      ) : (
        <div
          className={card.meetingTopic === 2 ? `${styles.cover} ${styles.newYear}` : styles.cover}
          aria-hidden
        />
      )}
      <dl className={styles.facts}>
        <dt>{t('guide.host')}</dt>
        <dd>{card.hostName || t('guide.noHost')}</dd>
        <dt>{t('guide.state')}</dt>
        <dd>{t(`guide.states.${state}`)}</dd>
        <dt>{t('guide.started')}</dt>
        <dd>{new Date(card.startTime).toLocaleString(i18n.language)}</dd>
        <dt>{t('guide.online')}</dt>
        <dd>{card.onlineUsers}</dd>
      </dl>
    </>
  )
}
