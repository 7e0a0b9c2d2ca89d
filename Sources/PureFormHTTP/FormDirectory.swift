import Foundation
public import PureForm

/// Compiles every `*.json` spec in a folder into a `FormCatalog`.
///
/// Each form is named after its file without `.json`; a folder with any spec that does not compile gives
/// no catalog but every spec's result. Only the files directly in the folder are forms: the partials the
/// specs include (`<include>`), kept in a subfolder such as `partials/`, are read with their specs and never
/// served, and each load (a reload on SIGHUP too) reads them again. The catalog's OpenAPI examples are the sample records in the folder's
/// `inputs` (`FormCatalog.examples`).
public enum FormDirectory {
  /// Why a folder gives no catalog.
  public enum LoadError: Error, Sendable, CustomStringConvertible {
    /// The folder cannot be listed.
    case unreadable(path: String, reason: String)
    /// The folder holds no `*.json` spec.
    case empty(path: String)
    /// Specs with errors, in file-name order.
    case specErrors([SpecFailure])

    /// One line saying what went wrong.
    public var description: String {
      switch self {
      case .unreadable(let path, let reason): return "\(path): cannot list the folder: \(reason)"
      case .empty(let path): return "\(path): no *.json spec in the folder"
      case .specErrors(let results):
        let names = results.map(\.source.name).joined(separator: ", ")
        return "\(results.count) spec\(results.count == 1 ? "" : "s") with errors: \(names)"
      }
    }
  }

  /// Compiles every `*.json` file directly inside `path` with `options`, except `pureform test`'s cases files
  /// (`*.tests.json`), which live beside their specs and are never specs.
  public static func load(_ path: String, options: CompileOptions = CompileOptions()) throws(LoadError)
    -> FormCatalog
  {
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: path).filter {
        $0.hasSuffix(".json") && !$0.hasSuffix(".tests.json")
      }.sorted()
    } catch {
      throw .unreadable(path: path, reason: error.localizedDescription)
    }
    guard !names.isEmpty else { throw .empty(path: path) }
    var forms: [String: CompiledForm] = [:]
    var failed: [SpecFailure] = []
    for name in names {
      let file = (path as NSString).appendingPathComponent(name)
      let result: CompileResult
      do {
        result = FormCompiler.compile(try SourceFile(contentsOf: file), options: options)
      } catch {
        failed.append(SpecFailure(source: error.file, diagnostics: [error.diagnostic]))
        continue
      }
      if let form = result.form {
        forms[String(name.dropLast(".json".count))] = form
      } else {
        failed.append(SpecFailure(source: result.source, diagnostics: result.diagnostics))
      }
    }
    guard failed.isEmpty else { throw .specErrors(failed) }
    var catalog = FormCatalog(forms: forms)
    catalog.examples = (path as NSString).appendingPathComponent("inputs")
    return catalog
  }
}

/// A spec that does not compile: its file and every diagnostic, warnings included.
public struct SpecFailure: Sendable {
  /// The spec's file.
  public let source: SourceFile
  /// Its diagnostics in source order.
  public let diagnostics: [Diagnostic]
}
