import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'react-router-dom'
import { withCarried } from '../../app/carry'
import styles from '../../ui/light.module.css'

/** [ROUTE-10] The pages failed HTTP calls lead to: /403, /404 and /500. */
export default function StatusScreen() {
  const { t } = useTranslation()
  const { pathname, search } = useLocation()
  const code = (['403', '404', '500'] as const).find((c) => pathname === `/${c}`) ?? '404'
  return (
    <main className={styles.center}>
      <h1 className={styles.title}>{t(`status.${code}.title`)}</h1>
      <p>{t(`status.${code}.text`)}</p>
      <Link to={withCarried('/home', search)}>{t('status.home')}</Link>
    </main>
  )
}
