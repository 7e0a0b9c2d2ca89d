import HTTPTypes
public import NIOCore
import PureForm

extension FormService {
  /// `PATCH /forms/{name}/validate` up to its body: the form, the query's options (no `id` or `no-values`,
  /// which shape NDJSON lines) and the body's type (`application/json` only), each refused with its error
  /// before the body is read.
  public func changeValidation(form name: String, query: String?, contentType: String?) throws(FormServiceError)
    -> ChangeValidation
  {
    guard let form = reloadable.current[name] else { throw .unknownForm(name) }
    let options = try ValidationQuery.options(query)
    if options.idKey != nil || !options.includesValues {
      throw FormServiceError(
        .badRequest, code: "bad_option",
        message: "id and no-values shape NDJSON result lines, which PATCH does not take")
    }
    guard MediaType(contentType) == .json else {
      throw FormServiceError(
        .unsupportedMediaType, code: "unsupported_media_type",
        message: "\(contentType.map { "'\($0)' is not read here" } ?? "the request has no Content-Type"); "
          + #"PATCH takes application/json: {"before": the stored record, "patch": its merge patch}"#)
    }
    return ChangeValidation(form: form, options: options, hostChecks: hostChecks[name] ?? [])
  }
}

/// A PATCH request whose form, options and content type are known: its body's answer.
public struct ChangeValidation: PendingValidation {
  /// The form.
  let form: CompiledForm
  /// The options.
  let options: ValidationOptions
  /// The form's host checks.
  let hostChecks: [HostCheck]

  /// The answer to `body`, `{"before": {…}, "patch": {…}}`, with `"changed"`.
  ///
  /// The merged record validated as changed from `before` (`CompiledForm.validate(mergePatch:to:options:)`),
  /// host checks run when it passes; 200 or 422. A body that is not such an edit is a 400.
  public func answer(to body: ByteBuffer) async throws(FormServiceError) -> FormAnswer {
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
    let checked: ChangeValidationResult
    do throws(HostCheckError) {
      checked = try await form.applyingHostChecks(hostChecks, to: result, options: options)
    } catch {
      throw FormServiceError(error)
    }
    return FormAnswer(result: checked.result, text: checked.jsonText)
  }
}
