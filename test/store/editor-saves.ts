/**
 * The ways people's tools save a file, step by step on the file system (issue 10): a watcher must follow every one.
 * Each takes the file and the new text and resolves once the save is complete.
 */
import { rename, rm, writeFile } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { sleep } from './store-helpers.js'

export type Save = (file: string, text: string) => Promise<void>

/** Truncate and write, as `fs.writeFile`, VS Code and most editors do. */
export const inPlace: Save = (file, text) => writeFile(file, text)

/** A new file renamed over the old one (a new inode), as vim with `backupcopy=no`, Emacs and many tools do. */
export const renameOver: Save = async (file, text) => {
  const temporary = `${file}.editor-save`
  await writeFile(temporary, text)
  await rename(temporary, file)
}

/** The file removed, then written anew: a moment where it does not exist. */
export const deleteCreate: Save = async (file, text) => {
  await rm(file)
  await writeFile(file, text)
}

/**
 * vim's default on Unix: it writes its swap file `.name.swp`, probes the folder with a file `4913`, moves the
 * file to its backup `name~`, writes the new file, and removes the backup.
 */
export const vim: Save = async (file, text) => {
  const sibling = (name: string) => join(dirname(file), name)
  await writeFile(sibling(`.${basename(file)}.swp`), `swap ${Date.now()}`)
  await writeFile(sibling('4913'), '')
  await rm(sibling('4913'))
  await rename(file, `${file}~`)
  await writeFile(file, text)
  await rm(`${file}~`)
}

/** JetBrains IDEs' safe write: `name___jb_tmp___` written, the file moved to `name___jb_old___`, the new one in. */
export const jetBrains: Save = async (file, text) => {
  await writeFile(`${file}___jb_tmp___`, text)
  await rename(file, `${file}___jb_old___`)
  await rename(`${file}___jb_tmp___`, file)
  await rm(`${file}___jb_old___`)
}

/**
 * Two saves in quick succession, the second replacing the file (by rename) while the watcher still waits on the
 * first: `first` in place, then `text` after `gap` ms. Only `text` must be taken in.
 */
export function doubleSave(first: string, gap: number): Save {
  return async (file, text) => {
    await writeFile(file, first)
    await sleep(gap)
    await renameOver(file, text)
  }
}
