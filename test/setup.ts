/** Runs with every test file (vitest `setupFiles`): the temporary folders a file made are removed after it. */
import { afterAll } from 'vitest'
import { removeTempDirs } from './cli/cli-helpers.js'

afterAll(removeTempDirs)
