import {
  Button,
  Card,
  CardFooter,
  CardHeader,
  CardPreview,
  Link,
  Text,
  makeStyles,
} from '@fluentui/react-components'
import { Cart24Regular, Dismiss24Regular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import type { State } from '@streams/projections'
import { useSelector, useSession } from '../session/context'

const useStyles = makeStyles({
  card: { width: '280px', maxWidth: 'calc(100vw - 32px)' },
  image: { maxHeight: '140px', objectFit: 'contain' },
})

const selectGoods = (s: State) => s.business.goods

/** Cents as a price with two decimals. */
export const price = (cents: number) => (cents / 100).toFixed(2)

/** The goods a host shows to the room ([CMD-23]): image, name, price and where to buy it. */
export function GoodsCard() {
  const styles = useStyles()
  const { t } = useTranslation()
  const { dispatch } = useSession()
  const goods = useSelector(selectGoods)
  if (!goods) return null
  return (
    <Card className={styles.card} role="region" aria-label={t('biz.goods.card')}>
      {goods.goodsImg && (
        <CardPreview>
          <img className={styles.image} src={goods.goodsImg} alt={goods.title ?? ''} />
        </CardPreview>
      )}
      <CardHeader
        image={<Cart24Regular />}
        header={<Text weight="semibold">{goods.title ?? goods.goodsId}</Text>}
        description={goods.price ? <Text>¥ {price(goods.price)}</Text> : undefined}
        action={
          <Button
            appearance="transparent"
            icon={<Dismiss24Regular />}
            aria-label={t('biz.goods.close')}
            onClick={() => dispatch({ type: 'ui/goodsCardClosed' })}
          />
        }
      />
      {goods.url && (
        <CardFooter>
          <Link href={goods.url} target="_blank" rel="noreferrer">
            {t('biz.goods.buy')}
          </Link>
        </CardFooter>
      )}
    </Card>
  )
}
