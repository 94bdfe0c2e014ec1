import ICAL from 'ical.js'

/**
 * One iCalendar object (RFC 5545 §3.4) from its parts: `calendarText`, the text ical-generator writes for the
 * calendar without events (its properties), and the components (VTIMEZONEs, then VEVENTs), put together with
 * ical.js's component model and written by its serializer. So the calendar's properties all come before its
 * components (`icalbody = calprops component`; ical-generator's own calendar text puts its `x()` properties after
 * the events, and Outlook ignores calendar properties that follow a component), and ical-generator's line folding,
 * which builds a TextEncoder per character, is left out. Content lines end with CRLF, the last one too, and are
 * folded at 75 octets counting the leading space of a continuation (RFC 5545 §3.1): ical.js folds at `foldLength`
 * octets and then adds that space, hence 74 while it writes.
 *
 * @throws Error (ical.js's ParserError) when `calendarText` is not iCalendar.
 */
export function assembleCalendar(calendarText: string, components: ICAL.Component[]): string {
  const calendar = new ICAL.Component(ICAL.parse(calendarText))
  for (const component of components) calendar.addSubcomponent(component)
  const kept = ICAL.foldLength
  // Serializing is synchronous: no other caller of ical.js runs while the setting is changed.
  ICAL.foldLength = 74
  try {
    return ICAL.stringify(calendar.toJSON())
  } finally {
    ICAL.foldLength = kept
  }
}
