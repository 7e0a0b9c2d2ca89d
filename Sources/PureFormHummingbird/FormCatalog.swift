public import PureForm

/// The compiled forms a server answers for, by name.
///
/// What `FormRoutes` serves. A form's name is the name
/// its routes use (`/forms/{name}`); `FormCatalog(directory:)` names each spec after its file.
public struct FormCatalog: Sendable {
  /// The forms by name.
  public let forms: [String: CompiledForm]

  /// A catalog of forms already compiled.
  public init(forms: [String: CompiledForm]) {
    self.forms = forms
  }

  /// The form named `name`, or nil.
  public subscript(name: String) -> CompiledForm? { forms[name] }

  /// The forms' names in order.
  public var names: [String] { forms.keys.sorted() }
}
