public import PureForm

/// The compiled forms a server answers for, by name.
///
/// What `FormRoutes` serves. A form's name is the name its routes use (`/forms/{name}`);
/// `FormDirectory.load(_:options:)` names each spec after its file. Each catalog keeps its own validators
/// between requests, so a catalog reloaded in its place (`LiveCatalog`) never answers with a validator of
/// the form it replaced.
public struct FormCatalog: Sendable {
  /// The forms by name.
  public let forms: [String: CompiledForm]
  /// The JSON records' validators of these forms, kept between requests.
  let pool = ValidatorPool()

  /// A catalog of forms already compiled.
  public init(forms: [String: CompiledForm]) {
    self.forms = forms
  }

  /// The form named `name`, or nil.
  public subscript(name: String) -> CompiledForm? { forms[name] }

  /// The forms' names in order.
  public var names: [String] { forms.keys.sorted() }
}
