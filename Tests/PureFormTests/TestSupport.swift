import Foundation
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

/// How many generated records a comparison test runs: `count` in `make test`, a tenth of it (at least 100)
/// under the sanitizers, which set `PUREFORM_TEST_SCALE=tenth` (`make test-sanitizers`): there each record
/// costs ten to twenty times as much, and a tenth still reaches every shape the generators make.
func generatedCount(_ count: Int) -> Int {
  ProcessInfo.processInfo.environment["PUREFORM_TEST_SCALE"] == "tenth" ? max(count / 10, 100) : count
}
