/**
 * `/docs`: swagger-ui (its bundle, loaded before this script as the global `SwaggerUIBundle`) on the interface's
 * OpenAPI document, whose server is this one, so "Try it out" asks this server. No validator badge: it would
 * send the document to validator.swagger.io.
 */
window.SwaggerUIBundle({
  url: 'calendar/events/v1/doc',
  dom_id: '#swagger',
  validatorUrl: null,
  deepLinking: true,
})
