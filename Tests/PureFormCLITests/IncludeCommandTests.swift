import Foundation
import Testing

/// A spec with `<include>` on the command line: `check`'s note, `validate`'s `file`, `bundle`, and `fill`'s
/// refusal, on `Specs/checkout.json` (which includes `Specs/partials/address.json` twice).
@Suite struct IncludeCommandTests {
  @Test func checkNotesTheBundleWithoutChangingTheExitStatusOrTheCounts() throws {
    let result = try CLI.run(["check", "-Wno-PF708", "Specs/checkout.json"])
    #expect(result.status == 0)
    #expect(
      result.stdout == """
        Specs/checkout.json:24:5: note: the device reads one plain spec: give it this spec's bundle, with '<include>'s inlined [PF907]
          { "<include>": "partials/address.json", "<key>": "billing" },
            ^~~~~~~~~~~
        note: write it with 'pureform bundle Specs/checkout.json'

        """)
    #expect(result.stderr == "checked 1 spec: 0 errors, 0 warnings\n")
    let json = try CLI.run(["check", "--format", "json", "-Wno-PF708", "Specs/checkout.json"])
    #expect(json.status == 0)
    #expect(json.stdout.contains(#""severity": "note","#))
    #expect(json.stdout.hasSuffix("\"errors\": 0,\n  \"warnings\": 0\n}\n"))
    let quiet = try CLI.run(["check", "-Wno-PF708", "-Wno-device-needs-bundle", "Specs/checkout.json"])
    #expect(quiet.stdout == "")
  }

  @Test func failuresOfIncludedViewsNameTheirFile() throws {
    let result = try CLI.run(["validate", "Specs/checkout.json", "--input", "Specs/inputs/checkout-invalid.json"])
    #expect(result.status == 1)
    #expect(
      result.stdout.contains(#""section":1,"row":3,"tag":0,"file":"partials/address.json","line":25,"column":7}"#))
    #expect(
      result.stderr == """
        Specs/inputs/checkout-invalid.json: 3 failures
          billing.postcode: A postcode is letters, digits, spaces and dashes [custom] (Specs/partials/address.json:25:7)
          billing.country: A country is its two-letter ISO code, such as GB [custom] (Specs/partials/address.json:37:7)
          shipping.state: A state or province is required in the US and Canada [required_if] (Specs/partials/address.json:49:7)

        """)
  }

  @Test func ndjsonLinesCarryTheFileWithOneWorkerOrTwo() throws {
    let command = ["validate", "Specs/checkout.json", "--input", "Specs/inputs/checkout.ndjson", "--format", "json"]
    let one = try CLI.run(command + ["--jobs", "1"])
    let two = try CLI.run(command + ["--jobs", "2"])
    #expect(one.status == 1)
    #expect(one.stdout == two.stdout)
    let lines = one.stdout.split(separator: "\n")
    #expect(lines.count == 3)
    #expect(lines[0].hasPrefix(#"{"line":1,"valid":true,"#))
    #expect(
      lines[1].contains(#""key":"billing.state","#) && lines[1].contains(#""file":"partials/address.json","line":49"#))
    #expect(lines[2].contains(#""key":"shipping.street","path":"/shipping/street","validator":"required""#))
  }

  @Test func bundleWritesThePlainSpecToStandardOutputOrAFile() throws {
    let result = try CLI.run(["bundle", "Specs/checkout.json"])
    #expect(result.status == 0)
    #expect(result.stderr == "")
    #expect(!result.stdout.contains("<include>"))
    #expect(result.stdout.contains(#""<key>": "shipping.postcode","#))
    #expect(result.stdout.contains(#""<required_if>": { "billing/country": ["US", "CA"] },"#))
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pureform-bundle-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let out = directory.appendingPathComponent("checkout.json").path
    let written = try CLI.run(["bundle", "Specs/checkout.json", "-o", out])
    #expect(written.status == 0 && written.stdout == "")
    #expect(try String(contentsOfFile: out, encoding: .utf8) == result.stdout)
    // The bundle needs nothing beside it: its folder has no partials.
    let check = try CLI.run(["check", "-Wno-PF708", out])
    #expect(check.status == 0 && check.stdout == "")
    let same = try CLI.run(["validate", out, "--input", "Specs/inputs/checkout-invalid.json", "--format", "json"])
    #expect(same.status == 1)
    #expect(same.stdout.contains(#""section":1,"row":3,"tag":0,"line":"#))
  }

  @Test func bundleOfASpecWithoutIncludesIsTheSpecAndOneThatDoesNotCompileExits2() throws {
    let plain = try CLI.run(["bundle", "Specs/login.json"])
    #expect(plain.status == 0)
    #expect(
      plain.stdout
        == (try String(contentsOf: CLI.packageRoot.appendingPathComponent("Specs/login.json"), encoding: .utf8)))
    let broken = try CLI.run(["bundle", "Specs/invalid/includes.json"])
    #expect(broken.status == 2)
    #expect(broken.stdout == "")
    #expect(broken.stderr.hasSuffix("error: Specs/invalid/includes.json does not compile: 9 errors\n"))
  }

  @Test func fillRefusesASpecWithIncludesAndNamesTheBundle() throws {
    let result = try CLI.run(["fill", "Specs/checkout.json", "--object", "Specs/inputs/checkout.json"])
    #expect(result.status == 2)
    #expect(result.stdout == "")
    #expect(
      result.stderr
        == "error: Specs/checkout.json includes partials/address.json: the device loads its bundle, so fill that: pureform bundle Specs/checkout.json -o BUNDLE.json, then pureform fill BUNDLE.json\n"
    )
  }
}
