import PureForm

/// The routes that do not depend on the forms: `/health`, `/metrics`, `/openapi.json`, `/forms`.
enum FixedRoutes {
  private typealias J = DocumentJSON

  /// The paths, in the order the document lists them.
  static let paths: [(String, OutputJSON)] = [
    (
      "/health",
      J.get(
        "health", summary: "Whether the server answers", responses: [("200", J.response("Up", schema: J.ref("Health")))]
      )
    ),
    (
      "/metrics",
      J.get(
        "metrics", summary: "The metrics in Prometheus's text format (version 0.0.4)",
        responses: [("200", J.response("The metrics", "text/plain", schema: .object([("type", .string("string"))])))])
    ),
    (
      "/openapi.json",
      J.get(
        "openapi", summary: "This document",
        responses: [("200", J.response("The OpenAPI 3.1 document", schema: .object([("type", .string("object"))])))])
    ),
    (
      "/forms",
      J.get(
        "listForms", summary: "The forms' names and field keys",
        responses: [("200", J.response("The forms, by name", schema: J.ref("FormList")))])
    ),
  ]
}
