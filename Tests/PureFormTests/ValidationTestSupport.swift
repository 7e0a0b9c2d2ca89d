import Testing

@testable import PureForm

/// Compiles `spec` (which must compile without errors) and validates the JSON text `input`.
func validation(
  _ spec: String, _ input: String, options: ValidationOptions = ValidationOptions(),
  compile: CompileOptions = CompileOptions(), sourceLocation: Testing.SourceLocation = #_sourceLocation
) throws -> ValidationResult {
  let compiled = FormCompiler.compile(string: spec, options: compile)
  let form = try #require(compiled.form, "\(diagnose(spec, options: compile))", sourceLocation: sourceLocation)
  return try form.validate(json: input, options: options)
}

/// Each failure as `key validator: reason`, in order; empty for a valid result.
func failures(
  _ spec: String, _ input: String, options: ValidationOptions = ValidationOptions(),
  compile: CompileOptions = CompileOptions(), sourceLocation: Testing.SourceLocation = #_sourceLocation
) throws -> [String] {
  try validation(spec, input, options: options, compile: compile, sourceLocation: sourceLocation).failures.map {
    "\($0.key) \($0.validator): \($0.reason)"
  }
}

/// The validators that fail for one field `a` with the given view members, in order (`--all-failures`).
func failingValidators(
  _ members: String, _ input: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
) throws -> [String] {
  try validation(
    field(members), input, options: ValidationOptions(allFailures: true), sourceLocation: sourceLocation
  ).failures.map(\.validator)
}

/// The JSON text of one value as a JSON string literal body: `"` and `\` escaped.
func quoted(_ text: String) -> String {
  OutputJSON.string(text).rendered()
}
