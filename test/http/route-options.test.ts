/**
 * `OPTIONS` on a route (docs/http.md) answers as WordPress's `rest_handle_options_request()` does on TEC's routes:
 * the route's namespace (TEC's under TEC's prefix), methods, endpoints with the arguments TEC declares for them in
 * TEC's words (`src/http/openapi/tec-route-args.ts`), and a self link on routes without a path parameter. Expected values
 * are TEC 6.10's answers, read from a real site.
 */
import { describe, expect, it } from 'vitest'
import { tokenHash } from '../../src/core/model/users.js'
import { fixture, open, P } from '../helpers.js'

type Json = Record<string, any>

const TEC = '/wp-json/tribe/events/v1'

async function options(path: string, headers: Record<string, string> = {}) {
  const { app } = await open(fixture('small.json'))
  const response = await app.request(path, { method: 'OPTIONS', headers })
  return { status: response.status, body: (await response.json()) as Json }
}

describe('OPTIONS describes the route as TEC does', () => {
  it("under TEC's prefix: TEC's namespace and a self link under the prefix", async () => {
    const { status, body } = await options(`${TEC}/venues`)
    expect(status).toBe(200)
    expect(body.namespace).toBe('tribe/events/v1')
    expect(body.methods).toEqual(['GET', 'POST'])
    expect(body._links).toEqual({ self: [{ href: `http://localhost${TEC}/venues` }] })
    expect((await options(`${P}/venues`)).body.namespace).toBe('calendar/events/v1')
  })

  it("venue arguments in TEC's words, types and defaults, its slips included", async () => {
    const [list, create] = (await options(`${TEC}/venues`)).body.endpoints
    expect(list.args.status).toEqual({ required: false, format: 'string', description: 'The organizer post status' })
    expect(list.args.only_with_upcoming).toEqual({
      required: false,
      default: false,
      description: 'Venues should have upcoming events associated to them',
    })
    expect(create.args.venue).toEqual({ required: true, type: 'string', description: 'The venue name' })
    expect(create.args.show_map).toEqual({
      required: false,
      type: 'string',
      default: null,
      description: 'Whether events linked to the venue should show a map or not',
    })
  })

  it('a single route: no self link, the key described as TEC describes it, updates in one endpoint', async () => {
    const { body } = await options(`${TEC}/categories/1`)
    expect(body._links).toBeUndefined()
    expect(body.methods).toEqual(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'])
    expect(body.endpoints[0].args.id).toEqual({
      required: true,
      type: 'integer',
      description: 'the event category term ID',
    })
    expect(body.endpoints[1].args.parent).toEqual({
      required: false,
      type: 'integer',
      description: 'The event category slug',
    })
  })

  it('the OpenAPI document route takes no arguments: [] as WordPress sends it', async () => {
    expect((await options(`${TEC}/doc`)).body.endpoints).toEqual([{ methods: ['GET'], args: [] }])
  })

  it("a wrong password is a 401 in WordPress's words, as WordPress authenticates OPTIONS too", async () => {
    const { app } = await open({
      users: [{ id: 1, name: 'admin', role: 'administrator', token_sha256: tokenHash('secret') }],
    })
    const authorization = `Basic ${Buffer.from('admin:wrong').toString('base64')}`
    const response = await app.request(`${TEC}/events`, { method: 'OPTIONS', headers: { authorization } })
    expect(response.status).toBe(401)
    expect(await response.json()).toMatchObject({ code: 'incorrect_password' })
    expect((await app.request(`${TEC}/events`, { method: 'OPTIONS' })).status).toBe(200)
  })
})
