public import HTTPTypes

/// A path of the form routes and the methods it takes: every other method there answers 405 with `Allow`
/// (`FormServiceError.methodNotAllowed`), so each server refuses the same methods on the same paths.
public struct FormRoute: Sendable {
  /// The path's segments under where the routes are mounted; `:name` is the form's name.
  public let segments: [String]
  /// The methods the path takes; a GET route takes HEAD too (its headers, no body).
  public let allowed: [HTTPRequest.Method]

  /// `/forms`: the forms by name.
  public static let list = FormRoute(segments: ["forms"], allowed: [.get, .head])
  /// `/forms/{name}`: a form's model.
  public static let model = FormRoute(segments: ["forms", ":name"], allowed: [.get, .head])
  /// `/forms/{name}/validate`: a record (POST) or an edit (PATCH) validated.
  public static let validate = FormRoute(segments: ["forms", ":name", "validate"], allowed: [.post, .patch])
  /// `/forms/{name}/page`: a form's HTML page.
  public static let page = FormRoute(segments: ["forms", ":name", "page"], allowed: [.get, .head])
  /// `/forms/{name}/fields/{key}/validate`: one field of a record validated (`validate --field KEY`).
  public static let field = FormRoute(
    segments: ["forms", ":name", "fields", ":key", "validate"], allowed: [.post])
  /// `/forms/{name}/fields/{key}/live`: one field's live (`!`) validators (`validate --field KEY --live`).
  public static let fieldLive = FormRoute(segments: ["forms", ":name", "fields", ":key", "live"], allowed: [.post])

  /// The form routes' paths: `/forms`, `/forms/{name}`, `/forms/{name}/validate`, `/forms/{name}/page` and
  /// the field routes `/forms/{name}/fields/{key}/validate` and `…/live`.
  public static let forms: [FormRoute] = [list, model, validate, page, field, fieldLive]

  /// `/openapi.json`, as `pureform serve` serves it.
  public static let openAPI = FormRoute(segments: ["openapi.json"], allowed: [.get, .head])

  /// The path as a router pattern: `forms/:name/validate`.
  public var path: String { segments.joined(separator: "/") }

  /// The methods the path answers 405 for: `FormServiceError.refusedMethods` (every method the HTTP/1.1
  /// parser reads but CONNECT) less `allowed`.
  public var refused: [HTTPRequest.Method] {
    FormServiceError.refusedMethods.filter { !allowed.contains($0) }
  }

  /// The 405 of `method` on this path.
  public func refusal(of method: HTTPRequest.Method) -> FormServiceError {
    .methodNotAllowed(method, allowed: allowed)
  }
}
