import HTTPTypes
package import PureForm

/// The validate route's query, read into `ValidationOptions`.
///
/// As the CLI reads its flags of the same names: `all-failures`, `field=KEY`, `live`, `flat`, and for
/// NDJSON bodies `id=KEY` and `no-values`. A flag is on when present without a value or with `true` or `1`,
/// off with `false` or `0`.
package enum ValidationQuery {
  /// The options of the query `query` (the request target's part after `?`, as sent); throws a 400
  /// `bad_option` error for a flag with another value, an unknown parameter, or `live` without `field`.
  package static func options(_ query: String?) throws(FormServiceError) -> ValidationOptions {
    var options = ValidationOptions()
    for (name, value) in QueryParameters.pairs(query) {
      switch name {
      case "field": options.field = value
      case "all-failures": options.allFailures = try flag(name, value)
      case "live": options.liveOnly = try flag(name, value)
      case "flat": options.flat = try flag(name, value)
      case "id": options.idKey = value
      case "no-values": options.includesValues = !(try flag(name, value))
      default:
        throw FormServiceError(
          .badRequest, code: "bad_option",
          message:
            "unknown query parameter '\(name)'; the route takes all-failures, field, live, flat, id and no-values")
      }
    }
    if options.liveOnly && options.field == nil {
      throw FormServiceError(.badRequest, code: "bad_option", message: "live needs field=KEY")
    }
    return options
  }

  /// The options of a field route: its query's, with the path's field and the route's `live`.
  ///
  /// The query takes `all-failures`, `flat`, and for NDJSON bodies `id=KEY` and `no-values`. Throws a 400
  /// `bad_option` error for a flag with another value or any other parameter (`field` and `live` included:
  /// the path says them).
  package static func fieldOptions(_ query: String?, field: String, live: Bool) throws(FormServiceError)
    -> ValidationOptions
  {
    let taken: Set<String> = ["all-failures", "flat", "id", "no-values"]
    if let name = QueryParameters.pairs(query).first(where: { !taken.contains($0.name) })?.name {
      throw FormServiceError(
        .badRequest, code: "bad_option",
        message: "unknown query parameter '\(name)'; a field route takes all-failures, flat, id and no-values")
    }
    var options = try self.options(query)
    options.field = field
    options.liveOnly = live
    return options
  }

  /// The value of a flag parameter.
  private static func flag(_ name: String, _ value: String) throws(FormServiceError) -> Bool {
    switch value {
    case "", "true", "1": return true
    case "false", "0": return false
    default:
      throw FormServiceError(.badRequest, code: "bad_option", message: "\(name) takes true or false, found '\(value)'")
    }
  }
}
