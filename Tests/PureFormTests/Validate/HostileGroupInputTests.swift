import Foundation
import Testing

@testable import PureForm

/// Records built to hurt a form with repeated groups: arrays far past the element limit (as JSON, NDJSON
/// lines and flat keys), and nesting past what the reader takes, in the spec's keys and in the input.
///
/// Each ends in a failure or an error at its place, never a crash; what is kept of a huge array does not
/// grow with it. No clock is read: the outcome, and what the reader kept, say that the elements were not
/// read on.
@Suite struct HostileGroupInputTests {
  /// Line items whose every element of the records below is wrong, so that an element that was validated
  /// would show.
  static let spec = ConditionTests.spec([
    ("customer", #""<validators>": {"required": true}"#),
    ("items.*.name", #""<validators>": {"required": true, "min_length": 2}, "<items>": {"max": 3}"#),
  ])

  /// `{"customer": "Ada", "items": [ELEMENT × count]}`.
  static func record(elements count: Int, element: String = "1") -> [UInt8] {
    var bytes = Array(#"{"customer": "Ada", "items": ["#.utf8)
    bytes.reserveCapacity(bytes.count + count * (element.utf8.count + 1) + 2)
    for index in 0..<count {
      if index > 0 { bytes.append(UInt8(ascii: ",")) }
      bytes += element.utf8
    }
    bytes += Array("]}".utf8)
    return bytes
  }

  /// The elements of the record's `items` that the reader kept.
  static func kept(_ form: CompiledForm, _ bytes: [UInt8]) throws -> Int {
    let (root, _) = JSONReader.read(SourceFile(name: "", bytes: bytes), arrayLimit: PlanGroup.elementLimit + 1)
    guard case .object(let members)? = root?.kind,
      case .array(let elements)? = members.first(where: { $0.key == "items" })?.value.kind
    else { return -1 }
    return elements.count
  }

  /// A million elements that are not objects fail `max_items` with the limit at `/items`, and nothing else.
  ///
  /// Not one of them got its own `type_mismatch`. The reader kept the limit's elements and one more, for a
  /// million as for twenty thousand, so memory does not grow with the array.
  @Test func aMillionElementsFailAtTheirPathUnread() throws {
    let form = try #require(FormCompiler.compile(string: Self.spec).form)
    let million = Self.record(elements: 1_000_000)
    let result = try form.validate(json: million)
    #expect(
      result.failures.map { "\($0.key) \($0.path) \($0.validator) \($0.argument)" } == [
        "items /items max_items 10000"
      ])
    let limit = PlanGroup.elementLimit
    #expect(try Self.kept(form, million) == limit + 1)
    #expect(try Self.kept(form, Self.record(elements: 20_000)) == limit + 1)
    // At the limit every element is kept, and read: each one that is not an object is its own failure.
    let atLimit = try form.validate(json: Self.record(elements: limit))
    #expect(try Self.kept(form, Self.record(elements: limit)) == limit)
    #expect(atLimit.failures.count == 1 + limit)
    #expect(atLimit.failures.first?.validator == "max_items")
    #expect(atLimit.failures.dropFirst().allSatisfy { $0.validator == "type_mismatch" })
    // Still read to its end as JSON: a syntax error after the array is reported.
    var broken = million
    broken.removeLast()
    #expect(throws: InputError.self) { try form.validate(json: broken) }
  }

  /// The same million as an NDJSON line, with one worker and two: one failure line, then the next record's.
  @Test func aMillionElementsInAnNDJSONLineFailUnread() throws {
    let form = try #require(FormCompiler.compile(string: Self.spec).form)
    let input = Self.record(elements: 1_000_000) + Array("\n{\"customer\": \"Ada\"}\n".utf8)
    for jobs in [1, 2] {
      let output = String(decoding: try form.validateNDJSON(input, jobs: jobs).output, as: UTF8.self)
      let lines = output.split(separator: "\n")
      #expect(lines.count == 2, "jobs \(jobs)")
      #expect(lines.first?.contains(#""key":"items","path":"/items","validator":"max_items","argument":10000"#) == true)
      #expect(lines.first?.components(separatedBy: #""key":"#).count == 2, "one failure, jobs \(jobs)")
      #expect(lines.last == #"{"line":2,"valid":true,"values":{"customer":"Ada","items":[]}}"#, "jobs \(jobs)")
    }
  }

  /// A million flat keys, as a form post sends them (`items.N.name`): the group fails `max_items` once the
  /// indices pass the limit, and no element is made for them.
  @Test func aMillionFlatKeysFailUnread() throws {
    let form = try #require(FormCompiler.compile(string: Self.spec).form)
    var members: [(key: String, value: FormValue)] = [("customer", .string("Ada"))]
    members.reserveCapacity(1_000_001)
    for index in 0..<1_000_000 { members.append(("items.\(index).name", .string("x"))) }
    let result = try form.validate(.object(members))
    #expect(result.failures.map { "\($0.key) \($0.validator) \($0.argument)" } == ["items max_items 10000"])
    #expect(GroupInput.read(members, path: ["items"], scalar: false) == .tooLong)
  }

  /// A key nesting more groups than any record can hold (each group is an array and an object: 300 groups are
  /// 600 levels, past the reader's 512) compiles, validates a record without the group, and a record that
  /// nests as deep is an input error at its place, not a crash.
  @Test func groupsNestedPastTheReadersDepth() throws {
    let depth = 300
    let key = (0..<depth).map { "g\($0).*" }.joined(separator: ".") + ".leaf"
    let spec = ConditionTests.spec([(key, #""<validators>": {"max_length": 1}"#)])
    let form = try #require(FormCompiler.compile(string: spec).form, "\(diagnose(spec))")
    #expect(try form.validate(json: "{}").isValid)
    var record = #"{"leaf": "toolong"}"#
    for level in (0..<depth).reversed() { record = "{\"g\(level)\": [\(record)]}" }
    #expect {
      try form.validate(json: record)
    } throws: { error in
      guard case .notJSON(_, _, let message)? = error as? InputError else { return false }
      return message == "'{' is nested deeper than 512 levels"
    }
  }

  /// Input nested past the reader's depth inside an element (JSON and an NDJSON line), and a flat key of a
  /// hundred thousand segments inside an element: an input error, an error line, or a failure at the element.
  @Test func inputNestedDeepInsideAnElement() throws {
    let form = try #require(FormCompiler.compile(string: Self.spec).form)
    let deep =
      #"{"customer": "Ada", "items": [{"name": "#
      + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "}]}"
    #expect(throws: InputError.self) { try form.validate(json: deep) }
    let output = String(
      decoding: try form.validateNDJSON(Array((deep + "\n").utf8), jobs: 1).output, as: UTF8.self)
    #expect(output.hasPrefix(#"{"line":1,"#) && output.contains("nested deeper than 512 levels"))
    let segments = Array(repeating: "a", count: 100_000).joined(separator: ".")
    let flat = try form.validate(.object([("customer", .string("Ada")), ("items.0.\(segments)", .string("x"))]))
    #expect(flat.failures.map { "\($0.key) \($0.validator)" } == ["items.0.name required"])
  }
}
