/**
 * Issue 9 §2–§4: what the HTTP layer refuses is never carried out, a malformed escape is a 404, and every client
 * sees the 413 of a body that is too large. §2 and §4 run against a real `calfile serve` over raw sockets, since
 * Node's HTTP parser and the socket's life are the point; §3 runs in process on every route.
 */
import { readFile, writeFile } from 'node:fs/promises'
import net from 'node:net'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PREFIX, TEC_PREFIX } from '../../src/http/prefixes.js'
import { routeTable } from '../../src/http/routes.js'
import { expectError } from '../expect.js'
import { fixture, open } from '../helpers.js'
import {
  cleanFolders,
  dataFile,
  folder,
  getJson,
  killAll,
  newEvent,
  type Server,
  startServe,
} from '../store/store-helpers.js'

afterAll(async () => {
  await killAll()
  await cleanFolders()
})

/** One raw HTTP/1.1 exchange: what the server sent back before closing, and how the socket ended. */
interface Exchange {
  response: string
  status: number
  /** The error the socket ended with (`EPIPE`, `ECONNRESET`), if any. */
  error?: string
}

/**
 * Sends `head` (request line and headers, without the blank line) and `body`, written in 64 KiB pieces as fast as
 * the socket takes them, then reads until the server closes, as Python's urllib does with `Connection: close`.
 */
function exchange(port: number, head: string, body: Buffer = Buffer.alloc(0)): Promise<Exchange> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1')
    let response = ''
    let error: string | undefined
    socket.setEncoding('latin1')
    socket.on('data', (chunk) => (response += chunk))
    socket.on('error', (e: NodeJS.ErrnoException) => (error ??= e.code ?? e.message))
    socket.on('close', () =>
      resolve({ response, status: Number(/^HTTP\/1\.1 (\d{3})/u.exec(response)?.[1] ?? 0), error }),
    )
    socket.on('connect', async () => {
      socket.write(`${head}\r\n\r\n`)
      for (let offset = 0; offset < body.length && !socket.destroyed; offset += 64 * 1024) {
        if (!socket.write(body.subarray(offset, offset + 64 * 1024))) await new Promise((r) => socket.once('drain', r))
      }
      if (!socket.destroyed) socket.end()
    })
  })
}

describe('a request the HTTP layer refuses is never carried out (issue 9 §2, real server)', () => {
  let server: Server
  let file: string
  beforeAll(async () => {
    file = join(await folder(), 'calendar.json')
    await writeFile(file, dataFile(5))
    server = await startServe(file)
  })
  const host = () => `Host: 127.0.0.1:${server.port}`
  /** Time for a wrongly carried-out write to reach the file before the assertions read it. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 150))

  const smuggled = Buffer.from(JSON.stringify(newEvent('Smuggled')))
  it.each([
    [
      'DELETE /events/{id}?force=true, Transfer-Encoding: gzip',
      `DELETE ${PREFIX}/events/1001?force=true`,
      'Transfer-Encoding: gzip',
      undefined,
      '/events/1001',
    ],
    [
      'DELETE /events/{id}?force=true, Transfer-Encoding: xyz',
      `DELETE ${PREFIX}/events/1001?force=true`,
      'Transfer-Encoding: xyz',
      undefined,
      '/events/1001',
    ],
    [
      'DELETE /events/{id}, Transfer-Encoding: gzip, identity',
      `DELETE ${PREFIX}/events/1001`,
      'Transfer-Encoding: gzip, identity',
      undefined,
      '/events/1001',
    ],
    [
      'DELETE of a term (TEC prefix), Transfer-Encoding: xyz',
      `DELETE ${TEC_PREFIX}/categories/3`,
      'Transfer-Encoding: xyz',
      undefined,
      '/categories/3',
    ],
    [
      'POST /events with a whole JSON body, Transfer-Encoding: gzip',
      `POST ${PREFIX}/events`,
      'Content-Type: application/json\r\nTransfer-Encoding: gzip',
      smuggled,
      undefined,
    ],
  ])('%s: Node answers 400 and nothing is carried out', async (_, line, headers, body, stays) => {
    const before = await readFile(file, 'utf8')
    const answer = await exchange(server.port, `${line} HTTP/1.1\r\n${host()}\r\n${headers}`, body)
    expect(answer.status).toBe(400)
    await settle()
    if (stays) expect((await getJson(`${server.base}${stays}`)).status).toBe(200)
    expect(await readFile(file, 'utf8')).toBe(before)
  })

  it('a client that hangs up half-way through its body changes nothing (update, create, delete)', async () => {
    const before = await readFile(file, 'utf8')
    for (const [method, path] of [
      ['PATCH', '/events/1002'],
      ['POST', '/events'],
      ['DELETE', '/venues/11'],
    ]) {
      const body = JSON.stringify({ ...newEvent('Half'), description: 'x'.repeat(4000) })
      await new Promise<void>((resolve) => {
        const socket = net.connect(server.port, '127.0.0.1', () => {
          socket.write(
            `${method} ${PREFIX}${path} HTTP/1.1\r\n${host()}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
          )
          socket.write(body.slice(0, body.length / 2), () => setTimeout(() => socket.destroy(), 50))
        })
        socket.on('close', () => resolve())
        socket.on('error', () => undefined)
      })
    }
    await settle()
    expect(await readFile(file, 'utf8')).toBe(before)
    expect((await getJson(`${server.base}/events/1002`)).body.title).toBe('Event 2')
  })

  it('a body that arrives in pieces, 30 ms apart, is read whole and the write carried out once', async () => {
    const body = Buffer.from(JSON.stringify({ ...newEvent('In pieces: é'), description: 'y'.repeat(3000) }))
    const response = await new Promise<string>((resolve, reject) => {
      let received = ''
      const socket = net.connect(server.port, '127.0.0.1', async () => {
        socket.write(
          `POST ${PREFIX}/events HTTP/1.1\r\n${host()}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
        )
        // Cut inside the two bytes of `é` too: the text is decoded only once the body is whole.
        const cuts = [0, 20, body.indexOf(0xc3) + 1, body.length]
        for (let i = 1; i < cuts.length; i++) {
          await new Promise((done) => setTimeout(done, 30))
          socket.write(body.subarray(cuts[i - 1], cuts[i]))
        }
      })
      socket.on('data', (chunk) => (received += chunk))
      socket.on('end', () => resolve(received))
      socket.on('error', reject)
    })
    expect(response).toMatch(/^HTTP\/1\.1 201 /u)
    const created = JSON.parse(response.slice(response.indexOf('\r\n\r\n') + 4)) as { id: number; title: string }
    expect(created.title).toBe('In pieces: é')
    expect((await getJson(`${server.base}/events/${created.id}`)).body.description).toContain('y'.repeat(3000))
  })
})

describe('a delete reads its body like any write (issue 9 §2)', () => {
  it('a malformed JSON body is a 400 and one over 1 MiB a 413, and nothing is deleted', async () => {
    const { calendar, request } = await open(fixture('events-rich.json'))
    const before = JSON.stringify([...calendar.state.events.values()])
    for (const path of ['/events/10?force=true', '/venues/11', '/categories/1']) {
      expectError(await request('DELETE', path, '{"force": tru'), 400, 'rest_invalid_json')
      expectError(
        await request('DELETE', path, JSON.stringify({ pad: 'x'.repeat(1024 * 1024) })),
        413,
        'rest_payload_too_large',
      )
    }
    expect(JSON.stringify([...calendar.state.events.values()])).toBe(before)
  })
})

describe('a malformed percent escape is a 404 rest_no_route on every route, method and prefix (issue 9 §3)', () => {
  const ESCAPES = ['%ZZ', '%FF', '%C0%AF', '%ED%A0%80', '%', '%E2%82']

  it('on every route of the table, under both prefixes, with its own method and OPTIONS', async () => {
    const { calendar, app } = await open(fixture('events-rich.json'))
    const before = JSON.stringify([...calendar.state.events.values()])
    const seen: string[] = []
    for (const route of routeTable(calendar)) {
      for (const prefix of [PREFIX, TEC_PREFIX, `/${PREFIX}`]) {
        for (const malformed of ESCAPES) {
          const path = route.path.replace(/:id|:slug/u, `1${malformed}`).replace(/^\/(\w+)$/u, `/$1${malformed}`)
          for (const method of [route.method, 'OPTIONS']) {
            const init: RequestInit = { method }
            if (!['GET', 'HEAD', 'OPTIONS', 'DELETE'].includes(method))
              Object.assign(init, { body: '{"title":"x"}', headers: { 'content-type': 'application/json' } })
            const response = await app.request(`${prefix}${path}`, init)
            const body = await response.json()
            expectError({ status: response.status, body }, 404, 'rest_no_route')
            seen.push(`${method} ${prefix}${path}`)
          }
        }
      }
    }
    expect(seen.length).toBeGreaterThan(1000)
    expect(JSON.stringify([...calendar.state.events.values()])).toBe(before)
  })

  it('on unknown paths and on the root and doc routes', async () => {
    const { app } = await open()
    for (const path of [
      '/nothing%ZZ',
      '/%FF',
      `${PREFIX}%ZZ`,
      `${PREFIX}/doc%C0%AF`,
      `${TEC_PREFIX}/%ED%A0%80/x`,
      '/wp-json/%',
    ]) {
      for (const method of ['GET', 'POST', 'DELETE', 'OPTIONS']) {
        const response = await app.request(path, { method })
        expectError({ status: response.status, body: await response.json() }, 404, 'rest_no_route')
      }
    }
  })
})

describe('every client sees the 413 of a body over 1 MiB (issue 9 §4, real server)', () => {
  let server: Server
  beforeAll(async () => {
    const file = join(await folder(), 'calendar.json')
    await writeFile(file, dataFile(1))
    server = await startServe(file)
  })

  const FIVE_MIB = Buffer.alloc(5 * 1024 * 1024, 'x')
  const host = () => `Host: 127.0.0.1:${server.port}`

  it('a client that sends all 5 MiB before reading, with Connection: close (urllib), gets the 413 five times out of five', async () => {
    for (let attempt = 0; attempt < 5; attempt++) {
      const answer = await exchange(
        server.port,
        `POST ${PREFIX}/events HTTP/1.1\r\n${host()}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${FIVE_MIB.length}`,
        FIVE_MIB,
      )
      expect(answer.error, `attempt ${attempt}`).toBeUndefined()
      expect(answer.status, `attempt ${attempt}`).toBe(413)
      expect(answer.response).toMatch(/\r\nconnection: close\r\n/iu)
      expect(answer.response).toContain('"code":"rest_payload_too_large"')
    }
  })

  it('the same without Content-Length (chunked) and with keep-alive: 413 and Connection: close', async () => {
    const chunked = Buffer.concat([
      Buffer.from(`${FIVE_MIB.length.toString(16)}\r\n`),
      FIVE_MIB,
      Buffer.from('\r\n0\r\n\r\n'),
    ])
    const answer = await exchange(
      server.port,
      `PUT ${PREFIX}/events/1000 HTTP/1.1\r\n${host()}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked`,
      chunked,
    )
    expect(answer.error).toBeUndefined()
    expect(answer.status).toBe(413)
    expect(answer.response).toMatch(/\r\nconnection: close\r\n/iu)
  })

  it('a body sent to a route that answers before reading it (404, bad ID) is read first, so that answer arrives too', async () => {
    const body = Buffer.alloc(900 * 1024, 'x')
    for (const path of ['/nothing', `${PREFIX}/events/abc`, `${PREFIX}/events/%ZZ`]) {
      const answer = await exchange(
        server.port,
        `POST ${path} HTTP/1.1\r\n${host()}\r\nConnection: close\r\nContent-Length: ${body.length}`,
        body,
      )
      expect(answer.error, path).toBeUndefined()
      expect(answer.status, path).toBe(404)
    }
  })

  it('the server keeps serving afterwards', async () => {
    expect((await getJson(`${server.base}/events/1000`)).status).toBe(200)
  })
})
