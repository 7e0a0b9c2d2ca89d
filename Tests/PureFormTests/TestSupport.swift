@testable import PureForm

/// Compiles `spec` and returns each diagnostic as `line:column: severity: message [code]`, in order.
func diagnose(_ spec: String, options: CompileOptions = CompileOptions()) -> [String] {
  FormCompiler.compile(string: spec, options: options).diagnostics.map {
    "\($0.range.start.line):\($0.range.start.column): \($0.severity.rawValue): \($0.message) [\($0.code.rawValue)]"
  }
}

/// The codes of `spec`'s diagnostics, in order.
func codes(_ spec: String, options: CompileOptions = CompileOptions()) -> [String] {
  FormCompiler.compile(string: spec, options: options).diagnostics.map(\.code.rawValue)
}

/// A one-cell spec whose single form view has the given body (a JSON object's members, without braces).
func field(_ members: String, view: String = "textField?") -> String {
  """
  [
    {
      "<TextFieldCell + TextFieldCellIdentifier>": {
        "\(view)": {
          \(members)
        }
      }
    }
  ]
  """
}

/// The compiled model of a spec that must compile without errors.
func model(_ spec: String, options: CompileOptions = CompileOptions()) -> FormModel? {
  FormCompiler.compile(string: spec, options: options).form?.model
}

extension CompileOptions {
  /// Options that leave out PF317, for tests of other codes whose fields happen to fail an empty value.
  static let withoutEmptyWarnings = CompileOptions(silencedWarnings: [.emptyAlwaysFails])
}
