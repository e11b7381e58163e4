import type { Goods } from '@streams/wire/rest/goods'
import type { Db } from './db'

type Queryable = Pick<Db, 'query'>

interface GoodsRow {
  goods_id: string
  room_id: string
  title: string
  goods_img: string
  price: number
  url: string
  is_app_store: number
  object_id: string
  object_type: string
  create_time: string
}

const toGoods = (r: GoodsRow): Goods => ({
  goodsId: r.goods_id,
  roomId: r.room_id,
  title: r.title,
  goodsImg: r.goods_img,
  price: r.price,
  url: r.url,
  isAppStore: r.is_app_store ? 1 : 0,
  objectId: r.object_id,
  objectType: r.object_type,
  createTime: Number(r.create_time),
})

/** A room's goods, in the order they were added. */
export async function listGoods(db: Queryable, roomId: string): Promise<Goods[]> {
  const { rows } = await db.query<GoodsRow>(
    'SELECT * FROM goods WHERE room_id = $1 ORDER BY create_time, goods_id',
    [roomId],
  )
  return rows.map(toGoods)
}

export async function insertGoods(db: Queryable, g: Goods): Promise<Goods> {
  const { rows } = await db.query<GoodsRow>(
    `INSERT INTO goods (goods_id, room_id, title, goods_img, price, url, is_app_store, object_id, object_type, create_time)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING *`,
    [
      g.goodsId,
      g.roomId,
      g.title,
      g.goodsImg,
      g.price,
      g.url,
      g.isAppStore,
      g.objectId,
      g.objectType,
      g.createTime,
    ],
  )
  return toGoods(rows[0]!)
}

/** One goods of a room, or undefined. */
export async function findGoods(
  db: Queryable,
  roomId: string,
  goodsId: string,
): Promise<Goods | undefined> {
  const { rows } = await db.query<GoodsRow>(
    'SELECT * FROM goods WHERE goods_id = $1 AND room_id = $2',
    [goodsId, roomId],
  )
  return rows[0] && toGoods(rows[0])
}
