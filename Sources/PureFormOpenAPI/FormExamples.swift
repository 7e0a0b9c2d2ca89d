import Foundation
import PureForm

/// The sample records of one form, read from a folder of inputs (`Specs/inputs`).
struct FormExamples {
  /// One sample record file.
  struct Record {
    /// The example's name: the file name without `.json` (`login-invalid`).
    let name: String
    /// The file's path, as the summary.
    let path: String
    /// The record.
    let value: OutputJSON

    /// The OpenAPI example object.
    var example: OutputJSON {
      .object([("summary", .string(path)), ("value", value)])
    }

    /// The example for a urlencoded body: the record with every value as the string a form post sends; nil
    /// when a member is an object or an array (no form post sends one).
    var urlencoded: (String, OutputJSON)? {
      guard case .object(let members) = value else { return nil }
      var fields: [(String, OutputJSON)] = []
      for (key, member) in members {
        switch member {
        case .string: fields.append((key, member))
        case .number(let text): fields.append((key, .string(text)))
        case .bool(let flag): fields.append((key, .string(flag ? "true" : "false")))
        case .null: fields.append((key, .string("")))
        case .array, .object: return nil
        }
      }
      return (name, .object([("summary", .string(path)), ("value", .object(fields))]))
    }
  }

  /// `NAME.json` and `NAME-*.json`, by file name.
  var records: [Record] = []
  /// The object lines of `NAME.ndjson`, as one example.
  var ndjson: (String, OutputJSON)?

  /// The samples of each of `forms` in `folder`.
  ///
  /// A file belongs to the form with the longest name that is its name or a prefix of it followed by `-`. Files that cannot be read or are not JSON objects are left
  /// out.
  static func read(folder: String, forms: [String]) -> [String: FormExamples] {
    guard let files = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [:] }
    var examples: [String: FormExamples] = [:]
    let byLength = forms.sorted { $0.count > $1.count }
    for file in files.sorted() {
      let isJSON = file.hasSuffix(".json")
      guard isJSON || file.hasSuffix(".ndjson") else { continue }
      let stem = String(file.dropLast(isJSON ? ".json".count : ".ndjson".count))
      guard let form = byLength.first(where: { stem == $0 || (isJSON && stem.hasPrefix($0 + "-")) }) else { continue }
      let path = (folder as NSString).appendingPathComponent(file)
      guard let source = try? SourceFile(contentsOf: path) else { continue }
      if isJSON {
        guard let value = objectValue(source) else { continue }
        examples[form, default: FormExamples()].records.append(Record(name: stem, path: path, value: value))
      } else {
        let lines = source.bytes.split(separator: UInt8(ascii: "\n")).compactMap {
          objectValue(SourceFile(name: path, bytes: Array($0)))
        }
        if !lines.isEmpty {
          examples[form, default: FormExamples()].ndjson = (
            stem + ".ndjson", .object([("summary", .string(path)), ("value", .array(lines))])
          )
        }
      }
    }
    return examples
  }

  /// The file's JSON value when it is an object read without errors.
  private static func objectValue(_ source: SourceFile) -> OutputJSON? {
    let (node, diagnostics) = JSONReader.read(source)
    guard diagnostics.isEmpty, let node, case .object = node.kind else { return nil }
    return ModelEmitter.json(node)
  }
}
