import { call } from './api.js'

/**
 * The form a click on a day opens: a title and the times of that day, sent as a new event (`POST events`). The
 * times go as wall times without an offset, which the interface reads in the new event's zone, the site's
 * (docs/writes.md), and the form says so: a slot clicked at 8:00 makes an event at 8:00 in the site zone, drawn
 * there, as the calendar draws every event at its own wall time. An end before the start is refused here, as TEC
 * would take it and end the event at its start; a refusal of the interface is shown in the form as the interface
 * words it.
 * @param {HTMLDialogElement} dialog
 * @param {() => string} zone the site zone now
 * @param {(event: any) => void} created hears the new event
 */
export function createForm(dialog, zone, created) {
  const form = /** @type {HTMLFormElement} */ (dialog.querySelector('form'))
  const error = /** @type {HTMLElement} */ (form.querySelector('.error'))
  const zoneLine = /** @type {HTMLElement} */ (form.querySelector('.zone'))
  /** @param {string} name */
  const input = (name) => /** @type {HTMLInputElement} */ (form.elements.namedItem(name))
  const allDay = () => {
    input('start').disabled = input('all_day').checked
    input('end').disabled = input('all_day').checked
  }
  input('all_day').addEventListener('change', allDay)
  input('cancel').addEventListener('click', () => dialog.close())
  form.addEventListener('submit', async (event) => {
    event.preventDefault()
    const day = input('date').value
    const whole = input('all_day').checked
    if (!whole && input('end').value < input('start').value) {
      error.textContent = 'The end is before the start.'
      error.hidden = false
      return
    }
    try {
      const record = await call('POST', 'events', {
        title: input('title').value,
        all_day: whole,
        start_date: whole ? day : `${day} ${input('start').value}`,
        end_date: whole ? day : `${day} ${input('end').value}`,
      })
      dialog.close()
      created(record)
    } catch (refusal) {
      error.textContent = refusal instanceof Error ? refusal.message : String(refusal)
      error.hidden = false
    }
  })
  return {
    /**
     * Opens the form on a day (`YYYY-MM-DD`) or a time slot (`YYYY-MM-DDTHH:MM:SS±HH:MM`, an hour long).
     * @param {string} date FullCalendar's `dateStr`
     * @param {boolean} wholeDay whether to ask for an all-day event
     */
    open(date, wholeDay) {
      form.reset()
      error.hidden = true
      input('date').value = date.slice(0, 10)
      const time = date.slice(11, 16)
      if (time) {
        input('start').value = time
        input('end').value = `${String((Number(time.slice(0, 2)) + 1) % 24).padStart(2, '0')}${time.slice(2)}`
      }
      input('all_day').checked = wholeDay
      allDay()
      zoneLine.textContent = `Times in the site zone, ${zone()}.`
      dialog.showModal()
      input('title').focus()
    },
  }
}
