import PureForm
import PureFormHTTP
import ServerTestSupport

/// The repository's Specs folder, its sample records, and the host checks both servers run in the
/// same-answer test.
enum SharedForms {
  /// The catalog of `Specs/*.json`.
  static var catalog: FormCatalog { ExampleSpecs.catalog }

  /// The text of a file of the repository.
  static func file(_ path: String) -> String { ExampleSpecs.file(path) }

  /// The body limit of both servers in the test: small, so a 413 costs little.
  static let maxBodySize = 4096

  /// The signup form's check (`ExampleSpecs.emailRegistered`), with a 100 ms limit.
  static let hostChecks: [String: [HostCheck]] = [
    "signup": [ExampleSpecs.emailRegistered(timeLimit: .milliseconds(100))]
  ]
}
