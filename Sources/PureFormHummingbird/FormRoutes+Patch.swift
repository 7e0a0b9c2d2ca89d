import Hummingbird
import NIOCore
import PureForm

extension FormRoutes {
  /// `PATCH /forms/{name}/validate`: `{"before": {…}, "patch": {…}}` in JSON, the merged record validated as
  /// changed from `before` (`CompiledForm.validate(mergePatch:to:options:)`), host checks run when it
  /// passes; 200 or 422 with `"changed"`.
  func validateChange(_ request: Request, _ context: Context) async throws(FormServiceError) -> Response {
    let name = context.parameters.get("name") ?? ""
    guard let form = live.current[name] else { throw .unknownForm(name) }
    let options = try ValidationQuery.options(request.uri)
    if options.idKey != nil || !options.includesValues {
      throw FormServiceError(
        .badRequest, code: "bad_option",
        message: "id and no-values shape NDJSON result lines, which PATCH does not take")
    }
    let contentType = request.headers[.contentType]
    guard MediaType(contentType) == .json else {
      throw FormServiceError(
        .unsupportedMediaType, code: "unsupported_media_type",
        message: "\(contentType.map { "'\($0)' is not read here" } ?? "the request has no Content-Type"); "
          + #"PATCH takes application/json: {"before": the stored record, "patch": its merge patch}"#)
    }
    let body = try await readBody(request)
    let edit: MergePatchRequest
    do {
      edit = try MergePatchRequest(json: body.readableBytesView)
    } catch {
      throw .badPatch(error)
    }
    let result: ChangeValidationResult
    do {
      result = try form.validate(mergePatch: edit.patch, to: edit.before, options: options)
    } catch {
      switch error {
      case .options(let error): throw .badOptions(error)
      case .old(let error), .new(let error): throw FormServiceError(.badRequest, code: "bad_patch", message: "\(error)")
      }
    }
    let checked = try await hostChecked(form: name, context) { checks throws(FormServiceError) in
      do throws(HostCheckError) {
        return try await form.applyingHostChecks(checks, to: result, options: options)
      } catch {
        throw FormServiceError(error)
      }
    }
    let answer = RecordBodyValidator.Answer(result: checked.result, text: checked.jsonText)
    metrics?.recordVerdicts(form: name, valid: answer.valid, invalid: answer.invalid, failures: answer.failures)
    return Response(
      status: answer.status, headers: [.contentType: "application/json"], body: .init(byteBuffer: answer.body))
  }
}
