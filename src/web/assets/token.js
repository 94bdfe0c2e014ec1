import { setToken, token } from './api.js'

/**
 * The token form: a token pasted here is sent with every request of this tab (and kept in its session storage
 * only); `changed` hears when it is set or forgotten, so that the page asks again with it.
 * @param {HTMLElement} panel
 * @param {() => void} changed
 */
export function tokenForm(panel, changed) {
  const form = /** @type {HTMLFormElement} */ (panel.querySelector('form'))
  const input = /** @type {HTMLInputElement} */ (form.elements.namedItem('token'))
  const state = /** @type {HTMLElement} */ (form.querySelector('.state'))
  const show = () => {
    state.textContent = token() ? 'A token is in use in this tab.' : 'No token in use.'
  }
  const use = (/** @type {string} */ value) => {
    setToken(value)
    input.value = ''
    show()
    changed()
  }
  form.addEventListener('submit', (event) => {
    event.preventDefault()
    use(input.value.trim())
  })
  form.elements.namedItem('forget')?.addEventListener('click', () => use(''))
  show()
}
