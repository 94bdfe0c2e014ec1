/**
 * An event's colour, from its first category: one hue per category ID, spread by the golden angle so that
 * neighbouring IDs differ; dark enough for white text. Events without a category are grey.
 * @param {{ id: number } | undefined} category
 */
export function categoryColor(category) {
  if (!category) return 'hsl(220deg 9% 46%)'
  return `hsl(${Math.round((category.id * 137.508) % 360)}deg 55% 38%)`
}
