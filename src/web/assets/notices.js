/**
 * The message line: what a write did, or the interface's words when it refused.
 * @param {HTMLElement} line
 * @returns {(text: string, kind?: 'info' | 'error') => void}
 */
export function messageLine(line) {
  return (text, kind = 'info') => {
    line.textContent = text
    line.dataset.kind = kind
    line.hidden = false
  }
}

/**
 * The problems panel: while the data file on disk is invalid, every problem with its line and column, in the
 * words of the 503 writes answer with meanwhile (`error.message`); hidden once the file is valid again. A viewer
 * who may not see every record is told only that the file is invalid (the stream withholds the rest).
 * @param {HTMLElement} panel
 */
export function problemsPanel(panel) {
  const text = /** @type {HTMLElement} */ (panel.querySelector('pre'))
  return {
    /** @param {{ message: string } | undefined} error */
    show(error) {
      text.textContent = error?.message ?? ''
      text.hidden = !error
      panel.hidden = false
    },
    hide() {
      panel.hidden = true
      text.textContent = ''
    },
  }
}
