/** One versioned step of the schema (store/migrations.ts applies them in order). */
export interface Migration {
  readonly version: number
  readonly name: string
  readonly sql: string
}
