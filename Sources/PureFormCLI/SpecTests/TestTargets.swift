import Foundation

/// A spec and its cases file, as `pureform test` names them.
struct TestTarget: Sendable, Equatable {
  /// The spec as given, or `DIR/NAME.json` for a spec found in a folder.
  var spec: String
  /// `NAME.tests.json` beside the spec, or `--cases FILE`.
  var casesFile: String

  /// The cases file beside `spec`: `login.json` → `login.tests.json`.
  static func casesFile(beside spec: String) -> String {
    let stem = spec.hasSuffix(".json") ? String(spec.dropLast(".json".count)) : spec
    return stem + ".tests.json"
  }

  /// Whether `name` is a cases file (`*.tests.json`), never a spec: folders of specs skip it.
  static func isCasesFile(_ name: String) -> Bool {
    name.hasSuffix(".tests.json")
  }

  /// The targets `pureform test` runs for its arguments (no argument is `.`), or the errors found: a SPEC or DIR
  /// without a cases file names the file looked for.
  static func resolve(_ arguments: [String], cases: String?) -> (targets: [TestTarget], errors: [String]) {
    var targets: [TestTarget] = []
    var errors: [String] = []
    let fileManager = FileManager.default
    for argument in arguments.isEmpty ? ["."] : arguments {
      var isDirectory: ObjCBool = false
      let exists = fileManager.fileExists(atPath: argument, isDirectory: &isDirectory)
      if exists && isDirectory.boolValue {
        let found = specs(in: argument)
        switch found {
        case .failure(let error): errors.append(error.message)
        case .success(let specs) where specs.isEmpty:
          errors.append(
            "\(argument) has no cases file: no NAME.tests.json beside a NAME.json spec directly in it")
        case .success(let specs): targets += specs
        }
      } else if isCasesFile(argument) {
        let spec = String(argument.dropLast(".tests.json".count)) + ".json"
        errors.append("\(argument) is a cases file, not a spec: give its spec, \(spec)")
      } else {
        let file = cases ?? casesFile(beside: argument)
        if cases == nil && !fileManager.fileExists(atPath: file) && exists {
          errors.append("\(argument) has no cases file: \(file) does not exist")
        } else {
          targets.append(TestTarget(spec: argument, casesFile: file))
        }
      }
    }
    return (targets, errors)
  }

  /// A problem listing a folder.
  struct FolderError: Error {
    var message: String
  }

  /// Every `NAME.json` directly in `directory` with a `NAME.tests.json`, in byte order of names.
  private static func specs(in directory: String) -> Result<[TestTarget], FolderError> {
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: directory)
    } catch {
      return .failure(FolderError(message: "\(directory): cannot read the folder: \(error.localizedDescription)"))
    }
    let present = Set(names)
    let prefix = directory.hasSuffix("/") ? directory : directory + "/"
    let specs = names.filter { $0.hasSuffix(".json") && !isCasesFile($0) }
      .filter { present.contains(casesFile(beside: $0)) }
      .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    return .success(specs.map { TestTarget(spec: prefix + $0, casesFile: prefix + casesFile(beside: $0)) })
  }
}
