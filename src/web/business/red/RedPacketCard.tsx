import {
  Button,
  Card,
  CardFooter,
  CardHeader,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { Dismiss24Regular, Gift24Regular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import type { State } from '@streams/projections'
import { useSelector, useSession } from '../../session/context'

const useStyles = makeStyles({
  card: {
    width: '280px',
    maxWidth: 'calc(100vw - 32px)',
    backgroundColor: '#c50f1f',
    color: tokens.colorNeutralForegroundOnBrand,
  },
  text: { color: tokens.colorNeutralForegroundOnBrand },
  list: { margin: 0, paddingLeft: '18px', maxHeight: '160px', overflowY: 'auto' },
})

const selectPacket = (s: State) => s.business.redPacket
const selectDrawn = (s: State) => s.business.drawn
const selectResults = (s: State) => s.business.packetResults

/**
 * A red packet on my screen ([CMD-19]): who sent it and its greeting; Open grabs a share
 * (robRed), then what I got; Results lists the shares left and who got what.
 */
export function RedPacketCard() {
  const styles = useStyles()
  const { t } = useTranslation()
  const { dispatch } = useSession()
  const packet = useSelector(selectPacket)
  const drawn = useSelector(selectDrawn)
  const results = useSelector(selectResults)
  if (!packet) return null
  const id = packet.luckyMoneyId
  const mine = results?.packets.find((p) => p.luckyMoneyId === id)
  return (
    <Card className={styles.card} role="region" aria-label={t('biz.red.from', packet)}>
      <CardHeader
        image={<Gift24Regular />}
        header={
          <Text weight="semibold" className={styles.text}>
            {t('biz.red.from', { userName: packet.userName })}
          </Text>
        }
        description={
          <Text className={styles.text}>{packet.greeting || t('biz.red.defaultGreeting')}</Text>
        }
        action={
          <Button
            appearance="transparent"
            icon={<Dismiss24Regular className={styles.text} />}
            aria-label={t('biz.red.close')}
            onClick={() => dispatch({ type: 'ui/redPacketClosed' })}
          />
        }
      />
      {drawn && (
        <Text size={500} weight="bold" role="status" className={styles.text}>
          {t('biz.red.got', { amount: drawn.amount })}
        </Text>
      )}
      {results && (
        <>
          {mine && (
            <Text className={styles.text}>
              {t('biz.red.left', { count: mine.remainingCount, total: mine.count })}
            </Text>
          )}
          {results.draws.length === 0 ? (
            <Text className={styles.text}>{t('biz.red.none')}</Text>
          ) : (
            <ul className={styles.list} aria-label={t('biz.red.draws')}>
              {results.draws.map((d) => (
                <li key={d.userId}>
                  <Text className={styles.text}>{t('biz.red.drew', d)}</Text>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      <CardFooter>
        {!drawn && (
          <Button
            appearance="primary"
            onClick={() => dispatch({ type: 'ui/redPacketGrabbed', luckyMoneyId: id })}
          >
            {t('biz.red.grab')}
          </Button>
        )}
        <Button onClick={() => dispatch({ type: 'ui/redPacketResultsOpened', luckyMoneyId: id })}>
          {t('biz.red.results')}
        </Button>
      </CardFooter>
    </Card>
  )
}
