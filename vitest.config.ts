import { availableParallelism, tmpdir } from 'node:os'
import { join } from 'node:path'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    setupFiles: ['test/setup.ts'],
    // calfile's cache of validated texts (src/core/cache/validated-texts.ts) goes to a folder of the tests', not the
    // user's; child processes inherit it.
    env: { CALFILE_CACHE_DIR: join(tmpdir(), 'calfile-test-cache') },
    // The real TEC beside the clone (../shared/realtec), for the parity suite and the real-engine sync tests.
    globalSetup: ['test/realtec/global-setup.ts'],
    // A file's first request imports the whole app in a cold worker; beside the browser and the oracle on two cores
    // that has taken over vitest's default 10 s for a hook.
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // vitest's default (one worker fewer than the cores) runs the files one at a time on a 2-core machine; most of
    // their time is spent waiting on child processes, watchers, sockets and the browser, so two share a core well.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
})
