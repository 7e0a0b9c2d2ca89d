public import PureForm
import PureFormHTTP
public import Vapor

extension Request {
  /// The request's body validated against a form, for a handler of your own:
  /// `try await req.pureform.validate(form: "signup")`.
  public var pureform: PureFormRequest { PureFormRequest(request: self) }
}

/// Validates a request's body against a form as `POST /forms/{name}/validate` does, for a handler that
/// acts on the verdict.
///
/// The body is one record, `application/json` or `application/x-www-form-urlencoded`; the query options
/// `all-failures`, `field=KEY`, `live` and `flat` apply as on the route. A body that is no record, an option
/// that does not fit, a body over the limit or a host check without a verdict throws a `FormAbort`, which
/// `FormErrorMiddleware` answers with the route's JSON error.
public struct PureFormRequest: Sendable {
  /// The request.
  let request: Request

  /// The verdict on the body for the form named `name` among the forms of `app.pureform.use(_:)`, with
  /// that form's host checks, reading at most those routes' `maxBodySize` bytes; an unknown name throws
  /// the 404 `unknown_form`.
  public func validate(form name: String) async throws -> FormVerdict {
    guard let routes = request.application.pureform.routes else {
      throw Abort(.internalServerError, reason: "no forms: call app.pureform.use(_:) with the form routes first")
    }
    guard let form = routes.catalog[name] else { throw FormAbort(.unknownForm(name)) }
    return try await validate(
      form: form, hostChecks: routes.service.hostChecks[name] ?? [], maxBodySize: routes.maxBodySize)
  }

  /// The verdict on the body for `form`, with the host checks `hostChecks`, reading at most `maxBodySize`
  /// bytes (1 MiB unless given).
  public func validate(form: CompiledForm, hostChecks: [HostCheck] = [], maxBodySize: Int = 1 << 20)
    async throws -> FormVerdict
  {
    do throws(FormServiceError) {
      let validator = try RecordBodyValidator(form: form, options: ValidationQuery.options(request.url.query))
      let body = try await FormBody.read(request, limit: maxBodySize)
      return FormVerdict(
        try await validator.result(body, contentType: request.contentTypeHeader, hostChecks: hostChecks))
    } catch {
      throw FormAbort(error)
    }
  }
}
