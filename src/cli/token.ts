/**
 * `calfile token add|list|revoke`: the users' tokens of a data file. What each runs is loaded when it runs.
 */
import { defineCommand } from 'citty'
import { command, fileArg, fileOf, logger } from './command.js'

const userArg = { type: 'string', required: true, valueHint: 'id|name', description: 'User ID or name' } as const

/**
 * The token commands edit the file's `users` the way a careful hand edit does, without the one-writer lock: they
 * work while `calfile serve` runs on the file, whose watcher honours the change at once (docs/cli.md).
 */
export const tokenCommand = defineCommand({
  meta: { name: 'token', description: 'Manage API tokens (also while a server runs on the file)' },
  subCommands: {
    add: command(
      {
        name: 'add',
        description: 'Give a user (created if needed) a new token; prints only the token, stores its SHA-256',
      },
      {
        file: fileArg,
        user: userArg,
        role: {
          type: 'string',
          valueHint: 'role',
          description:
            'administrator, editor, author, contributor or subscriber; default editor for a new user, an existing user keeps its role',
        },
      },
      async (args) => {
        const [{ editUsers }, { addToken }, consola] = await Promise.all([
          import('../core/storage/users-file.js'),
          import('../core/model/users.js'),
          logger(),
        ])
        const { user, token } = await editUsers(fileOf(args), (state) => addToken(state, String(args.user), args.role))
        consola.success(`token for user ${user.id} "${user.name}" (${user.role}); it is shown only this once`)
        console.log(token)
      },
    ),
    list: command(
      { name: 'list', description: 'List the users that have a token: ID, name and role' },
      { file: fileArg },
      async (args) => {
        const [{ readDataFile }, { usersWithTokens }, consola] = await Promise.all([
          import('../core/storage/users-file.js'),
          import('../core/model/users.js'),
          logger(),
        ])
        const users = usersWithTokens(await readDataFile(fileOf(args)))
        if (users.length === 0) consola.info('no user has a token: the file is in open mode')
        for (const user of users) console.log(`${user.id}\t${user.name}\t${user.role}`)
      },
    ),
    revoke: command(
      { name: 'revoke', description: "Remove a user's token; a running server refuses it at once" },
      {
        file: fileArg,
        user: userArg,
        'allow-open-mode': {
          type: 'boolean',
          description: 'Revoke even the last token, which leaves the file in open mode',
        },
      },
      async (args) => {
        const allowOpenMode = Boolean(args['allow-open-mode'])
        const [{ editUsers }, { isOpenMode, revokeToken }, consola] = await Promise.all([
          import('../core/storage/users-file.js'),
          import('../core/model/users.js'),
          logger(),
        ])
        const { user, revoked, openMode } = await editUsers(fileOf(args), (state) => ({
          ...revokeToken(state, String(args.user), allowOpenMode),
          openMode: isOpenMode(state),
        }))
        const who = `user ${user.id} "${user.name}"`
        if (!revoked) consola.info(`${who} has no token: nothing to revoke`)
        else consola.success(`revoked the token of ${who}`)
        if (revoked && openMode)
          consola.warn(
            'no user has a token any more: the file is in open mode, every request acts as the administrator',
          )
      },
    ),
  },
})
