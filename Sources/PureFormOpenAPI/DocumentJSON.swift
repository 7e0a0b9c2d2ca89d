import PureForm

/// Small builders for the parts of the document that repeat: references, responses, error bodies.
enum DocumentJSON {
  /// `{"$ref": "#/components/schemas/NAME"}`.
  static func ref(_ name: String) -> OutputJSON {
    .object([("$ref", .string("#/components/schemas/" + name))])
  }

  /// An integer.
  static func int(_ value: Int) -> OutputJSON { .number(String(value)) }

  /// Strings.
  static func strings(_ values: [String]) -> OutputJSON { .array(values.map { .string($0) }) }

  /// A response with one body, of `mediaType` and `schema`.
  static func response(_ description: String, _ mediaType: String = "application/json", schema: OutputJSON)
    -> OutputJSON
  {
    .object([
      ("description", .string(description)),
      ("content", .object([(mediaType, .object([("schema", schema)]))])),
    ])
  }

  /// An error response: `{"error": CODE, "message": …}` with CODE one of `codes`.
  static func error(_ description: String, codes: [String]) -> OutputJSON {
    response(
      description,
      schema: .object([
        ("allOf", .array([ref("Error")])),
        ("properties", .object([("error", .object([("enum", strings(codes))]))])),
      ]))
  }

  /// A GET operation with its responses by status.
  static func get(_ operationID: String, summary: String, responses: [(String, OutputJSON)]) -> OutputJSON {
    .object([("get", operation(operationID, summary: summary, responses: responses))])
  }

  /// An operation object.
  static func operation(
    _ operationID: String, summary: String, parameters: [OutputJSON] = [], requestBody: OutputJSON? = nil,
    responses: [(String, OutputJSON)]
  ) -> OutputJSON {
    var members: [(String, OutputJSON)] = [("operationId", .string(operationID)), ("summary", .string(summary))]
    if !parameters.isEmpty { members.append(("parameters", .array(parameters))) }
    if let requestBody { members.append(("requestBody", requestBody)) }
    members.append(("responses", .object(responses)))
    return .object(members)
  }
}
