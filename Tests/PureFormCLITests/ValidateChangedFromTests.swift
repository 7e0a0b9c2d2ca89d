import Foundation
import Testing

/// `pureform validate --changed-from OLD`: the edit's changed views and their dependents, `changed` in the
/// output, and the exit codes.
@Suite struct ValidateChangedFromTests {
  static let spec = "Specs/business-account.json"
  static let stored = "Specs/inputs/business-account-stored.json"

  /// Runs `validate SPEC --input - --changed-from OLD` on `record`.
  func edit(_ record: String, spec: String = spec, from old: String = stored, _ flags: [String] = []) throws
    -> CLIResult
  {
    try CLI.run(["validate", spec, "--input", "-", "--changed-from", old] + flags, stdin: Data(record.utf8))
  }

  @Test func anUnrelatedEditOfARecordBreakingTodaysRulesIsValid() throws {
    let result = try CLI.run([
      "validate", Self.spec, "--input", "Specs/inputs/business-account-edit.json", "--changed-from", Self.stored,
    ])
    #expect(result.status == 0)
    #expect(
      result.stdout
        == #"{"valid":true,"values":{"account":{"kind":"business"},"company":{"name":"X","vat_id":""},"email":"ada@example.com","billing":{"street":"12 Analytical Row","country":"GB"},"shipping":{"same_as_billing":true}},"hidden":["shipping.street","shipping.country"],"changed":["billing.street"]}"#
        + "\n")
    #expect(
      result.stderr
        == "Specs/inputs/business-account-edit.json: valid, changed from \(Self.stored): billing.street\n")
    // The same record validated whole fails on the company name (min_length 2) and the missing confirmation.
    let whole = try CLI.run(["validate", Self.spec, "--input", "Specs/inputs/business-account-edit.json"])
    #expect(whole.status == 1)
    #expect(whole.stderr.contains("company.name: String length is too short"))
  }

  @Test func aConditionReadingTheChangeIsValidated() throws {
    let result = try edit(
      #"{"account": {"kind": "business"}, "company": {"name": "X"}, "email": "ada@example.com", "billing": {"street": "1 Analytical Row", "country": "DE"}}"#
    )
    #expect(result.status == 1)
    #expect(
      result.stdout
        == #"{"valid":false,"failures":[{"key":"company.vat_id","path":"/company/vat_id","validator":"required_if","argument":null,"condition":{"billing/country":["DE","FR","NL"]},"reason":"A VAT number is required for companies in the EU","section":0,"row":3,"tag":0,"line":32,"column":7}],"hidden":["shipping.street","shipping.country"],"changed":["billing.country"]}"#
        + "\n")
    #expect(
      result.stderr == """
        <stdin>: 1 failure, changed from \(Self.stored): billing.country
          company.vat_id: A VAT number is required for companies in the EU [required_if] (Specs/business-account.json:32:7)

        """)
  }

  @Test func aSameAsReadingTheChangeIsValidated() throws {
    let result = try edit(
      #"{"account": {"kind": "business"}, "company": {"name": "X"}, "email": "ada@lovelace.example", "billing": {"street": "1 Analytical Row", "country": "GB"}}"#,
      ["--format", "json"])
    #expect(result.status == 1)
    #expect(result.stderr == "")
    #expect(result.stdout.contains(#""validator":"same_as""#))
    #expect(result.stdout.hasSuffix(#""changed":["email"]}"# + "\n"))
    #expect(!result.stdout.contains("company.name"))
  }

  @Test func aNeighbourReadingTheChangeIsValidated() throws {
    let result = try edit(
      #"{"email": "grace@example.com", "password": "cobol1960", "password_confirm": "cobol1959", "full_name": "Grace Hopper", "age": 85, "zip": "10001", "newsletter": true}"#,
      spec: "Specs/signup.json", from: "Specs/inputs/signup.json", ["--format", "json"])
    #expect(result.status == 1)
    #expect(
      result.stdout.hasPrefix(
        #"{"valid":false,"failures":[{"key":"password_confirm","path":"/password_confirm","validator":"equal_previous""#
      ))
    #expect(result.stdout.hasSuffix(#""changed":["password"]}"# + "\n"))
  }

  @Test func nothingChangedIsValid() throws {
    let result = try CLI.run([
      "validate", Self.spec, "--input", Self.stored, "--changed-from", Self.stored, "--format", "json",
    ])
    #expect(result.status == 0)
    #expect(result.stdout.hasSuffix(#""changed":[]}"# + "\n"))
  }

  @Test func valuesThatAreOneAfterCoercionAreNoChange() throws {
    // The stored registration sends the quantity as text, the newsletter as "on"; the edit sends the same
    // number, bool and integer in other spellings of their types: nothing changed.
    let result = try edit(
      #"{"account": {"email": "ada@example.com", "password": "analytical1", "password_confirm": "analytical1"}, "profile.full_name": "Ada Lovelace", "profile": {"nickname": "ada", "nickname_again": "ada", "age": "36"}, "address.zip": "10115", "order.quantity": 2.5, "plan": "Basic", "newsletter": true, "terms_accepted": "1"}"#,
      spec: "Specs/registration.json", from: "Specs/inputs/registration.json", ["--format", "json"])
    #expect(result.status == 0)
    #expect(
      result.stdout
        == #"{"valid":true,"values":{"account":{"email":"ada@example.com","password":"analytical1"},"profile":{"full_name":"Ada Lovelace","nickname":"ada","age":36},"address":{"zip":"10115"},"order":{"quantity":2.5},"plan":"Basic","newsletter":true,"terms_accepted":true},"changed":[]}"#
        + "\n")
  }

  @Test func usageAndInputErrorsExit2() throws {
    let ndjson = try CLI.run([
      "validate", "Specs/signup.json", "--input", "Specs/inputs/signup.ndjson", "--changed-from",
      "Specs/inputs/signup.json",
    ])
    #expect(ndjson.status == 2)
    #expect(
      ndjson.stderr.hasPrefix(
        "Error: --changed-from compares one record with the one it changes; Specs/inputs/signup.ndjson is NDJSON (one record per line)\n"
      ))
    let twice = try edit("{}", from: "-")
    #expect(twice.status == 2)
    #expect(twice.stderr.hasPrefix("Error: --input and --changed-from cannot both read standard input ('-')"))
    let missing = try edit("{}", from: "Specs/inputs/nope.json")
    #expect(missing.status == 2)
    #expect(missing.stderr.hasPrefix("error: "))
    #expect(missing.stderr.contains("Specs/inputs/nope.json"))
    let notObject = try edit("{}", from: "Specs/inputs/signup.ndjson")
    #expect(notObject.status == 2)
    #expect(notObject.stderr.hasPrefix("error: Specs/inputs/signup.ndjson:2:1: "))
    let newNotObject = try edit("[]")
    #expect(newNotObject.status == 2)
    #expect(newNotObject.stderr == "error: <stdin>: input must be a JSON object of key to value, found an array\n")
    let field = try edit("{}", ["--field", "emial"])
    #expect(field.status == 2)
    #expect(field.stderr == "error: no field has the key 'emial' (did you mean 'email'?)\n")
  }
}
