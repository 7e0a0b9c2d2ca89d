public import PureForm
import PureFormOpenAPI

/// The compiled forms a server answers for, by name.
///
/// What `FormRoutes` serves. A form's name is the name its routes use (`/forms/{name}`);
/// `FormDirectory.load(_:options:)` names each spec after its file. Each catalog keeps its own validators
/// between requests, so a catalog reloaded in its place (`ReloadableCatalog`) never answers with a validator of
/// the form it replaced.
public struct FormCatalog: Sendable {
  /// The forms by name.
  public let forms: [String: CompiledForm]
  /// The JSON records' validators of these forms, kept between requests.
  let pool = ValidatorPool()
  /// The folder of sample records the OpenAPI document shows as examples (`FormOpenAPI`);
  /// `FormDirectory.load` sets it to the folder's `inputs`.
  public var examples: String?
  /// The OpenAPI document, built on first use.
  private let openAPI = OnceText()

  /// A catalog of forms already compiled.
  public init(forms: [String: CompiledForm]) {
    self.forms = forms
  }

  /// The form named `name`, or nil.
  public subscript(name: String) -> CompiledForm? { forms[name] }

  /// The forms' names in order.
  public var names: [String] { forms.keys.sorted() }

  /// The OpenAPI 3.1 document of the routes `FormServer` serves for these forms, as `pureform openapi`
  /// writes it; built once per catalog, so a reload (a new catalog) builds it anew.
  public var openAPIDocument: String {
    openAPI.value { FormOpenAPI.document(forms: forms, examples: examples) }
  }

  /// The OpenAPI document with the 503 and 504 answers of host checks on the forms named in `hostChecked`;
  /// built once per catalog for no such form (`openAPIDocument`), and on each call for some.
  public func openAPIDocument(hostChecked: Set<String>) -> String {
    hostChecked.isEmpty
      ? openAPIDocument : FormOpenAPI.document(forms: forms, examples: examples, hostChecked: hostChecked)
  }
}
