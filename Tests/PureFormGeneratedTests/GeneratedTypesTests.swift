import Foundation
import PureForm
import Testing

/// The types `pureform generate swift` writes for every example spec, compiled with the package.
///
/// The files in `Generated/` are this target's sources; they decode the values of every valid sample input,
/// and must be what the generator writes today. After a change to a spec or to the generator, write them
/// again with `pureform generate swift Specs/NAME.json -o Tests/PureFormGeneratedTests/Generated/TYPE.swift`.
@Suite struct GeneratedTypesTests {
  /// The package root: two levels above this file.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// Each example spec's decoder, by form name.
  static let decoders: [String: @Sendable (ValidationResult) throws -> any Sendable] = [
    "booking": { try $0.decode(BookingValues.self) },
    "business-account": { try $0.decode(BusinessAccountValues.self) },
    "checkout": { try $0.decode(CheckoutValues.self) },
    "login": { try $0.decode(LoginValues.self) },
    "order": { try $0.decode(OrderValues.self) },
    "profile": { try $0.decode(ProfileValues.self) },
    "registration": { try $0.decode(RegistrationValues.self) },
    "signup": { try $0.decode(SignupValues.self) },
  ]

  /// The spec `Specs/NAME.json`, compiled as the command line does.
  static func form(_ name: String) throws -> CompiledForm {
    let path = "Specs/\(name).json"
    let bytes = try Data(contentsOf: root.appendingPathComponent(path))
    return try #require(FormCompiler.compile(SourceFile(name: path, bytes: Array(bytes))).form)
  }

  @Test func everyExampleSpecHasItsTypes() throws {
    let specs = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("Specs").path)
      .filter { $0.hasSuffix(".json") && !$0.hasSuffix(".tests.json") }.map { String($0.dropLast(".json".count)) }
    #expect(Set(specs) == Set(Self.decoders.keys))
  }

  @Test(arguments: ["booking", "business-account", "checkout", "login", "order", "profile", "registration", "signup"])
  func generatedFileIsWhatTheGeneratorWrites(name: String) throws {
    let source = try Self.form(name).swiftTypes()
    let type = try #require(source.firstMatch(of: /public struct (\w+)Values/)).1
    let file = Self.root.appendingPathComponent("Tests/PureFormGeneratedTests/Generated/\(type)Values.swift")
    #expect(try String(contentsOf: file, encoding: .utf8) == source)
  }

  @Test func everySampleInputDecodes() throws {
    let inputs = Self.root.appendingPathComponent("Specs/inputs")
    var decoded = 0
    for file in try FileManager.default.contentsOfDirectory(atPath: inputs.path).sorted() {
      guard let name = Self.decoders.keys.sorted(by: { $0.count > $1.count }).first(where: { file.hasPrefix($0) }),
        let decode = Self.decoders[name]
      else { continue }
      let text = try String(contentsOf: inputs.appendingPathComponent(file), encoding: .utf8)
      let records = file.hasSuffix(".ndjson") ? text.split(separator: "\n").map(String.init) : [text]
      let form = try Self.form(name)
      for record in records {
        guard let result = try? form.validate(json: record) else { continue }
        if result.isValid {
          _ = try decode(result)
          decoded += 1
        } else {
          #expect(throws: ValidationResult.DecodeError.self) { try decode(result) }
        }
      }
    }
    #expect(decoded >= 5, "login, profile (2), registration and signup are valid samples")
  }

  /// A repeated group is an array of element structs (of the field's values for a group of scalars).
  @Test func groupsDecodeAsArrays() throws {
    let record = try String(contentsOf: Self.root.appendingPathComponent("Specs/inputs/order.json"), encoding: .utf8)
    let order = try Self.form("order").validate(json: record).decode(OrderValues.self)
    #expect(order.items.map(\.sku) == [.string("TEA-001"), .string("JAM-042")])
    #expect(order.items.map(\.quantity) == [2, 1])
    #expect(order.items.map(\.giftNote) == [nil, .string("For Charles")])
    #expect(order.coupons == [.string("SPRING24")])
  }

  @Test func valuesDecodeIntoTheirTypes() throws {
    let result = try Self.form("login").validate(json: #"{"login": "ada@example.com", "password": "hunter22"}"#)
    let values = try result.decode(LoginValues.self)
    #expect(values.login == .string("ada@example.com"))
    let record = try String(
      contentsOf: Self.root.appendingPathComponent("Specs/inputs/registration.json"), encoding: .utf8)
    let registration = try Self.form("registration").validate(json: record).decode(RegistrationValues.self)
    #expect(registration.account.email == "ada@example.com")
    #expect(registration.profile.age == 36)
    #expect(registration.order.quantity == Decimal(string: "2.5"))
    #expect(registration.newsletter == true)
    #expect(registration.termsAccepted)
    let emptied =
      #"{"account.email": "ada@example.com", "account.password": "analytical1", "#
      + #""profile.full_name": "Ada Lovelace", "profile.nickname": "ada", "address.zip": "10115", "#
      + #""plan": "Basic", "terms_accepted": "true", "profile.age": ""}"#
    let missing = try Self.form("registration").validate(json: emptied)
    if missing.isValid {
      #expect(try missing.decode(RegistrationValues.self).profile.age == nil)
    }
  }
}
