import XCTest

/// `--strings` with each table format and `--locale`: the same `*` keys resolve the same way in `check` and
/// `validate`, failure-reason keys give the locale's reasons, and a malformed table is a diagnostic.
final class StringsTablesTests: XCTestCase {
  private let tables = [
    "Specs/strings/en.json", "Specs/strings/en.strings", "Specs/strings/Localizable.xcstrings", "Specs/strings/lproj",
  ]

  func testEveryFormatResolvesTheSameKeysInCheckRenderAndValidate() throws {
    let model = try CLI.run(["check", "Specs/registration.json", "--strings", tables[0], "--emit", "model"])
    XCTAssertEqual(model.status, 0, model.stderr)
    XCTAssertTrue(model.stdout.contains(#""text": "Create your account""#), model.stdout)
    let page = try CLI.run(["render", "Specs/registration.json", "--strings", tables[0]])
    XCTAssertEqual(page.status, 0, page.stderr)
    XCTAssertTrue(page.stdout.contains("Create your account"), page.stdout)
    XCTAssertTrue(page.stdout.contains(#"placeholder="E-mail""#), page.stdout)
    let verdict = try CLI.run([
      "validate", "Specs/registration.json", "--input", "Specs/inputs/registration-invalid.json", "--strings",
      tables[0],
      "--format", "json",
    ])
    XCTAssertEqual(verdict.status, 1, verdict.stderr)
    for table in tables.dropFirst() {
      let other = try CLI.run(["check", "Specs/registration.json", "--strings", table, "--emit", "model"])
      XCTAssertEqual(other.stdout, model.stdout, table)
      XCTAssertEqual(other.status, 0, table)
      XCTAssertEqual(try CLI.run(["render", "Specs/registration.json", "--strings", table]).stdout, page.stdout, table)
      let otherVerdict = try CLI.run([
        "validate", "Specs/registration.json", "--input", "Specs/inputs/registration-invalid.json", "--strings", table,
        "--format", "json",
      ])
      XCTAssertEqual(otherVerdict.stdout, verdict.stdout, table)
    }
  }

  func testLocalePicksTheLanguageOfACatalogOrAFolder() throws {
    for table in ["Specs/strings/Localizable.xcstrings", "Specs/strings/lproj"] {
      let french = try CLI.run([
        "check", "Specs/registration.json", "--strings", table, "--locale", "fr-CA", "--emit", "model",
      ])
      XCTAssertEqual(french.status, 0, french.stderr)
      XCTAssertTrue(french.stdout.contains(#""text": "Créez votre compte""#), table)
      XCTAssertTrue(french.stdout.contains(#""text": "S’inscrire""#), table)
      let frenchPage = try CLI.run(["render", "Specs/registration.json", "--strings", table, "--locale", "fr"])
      XCTAssertTrue(frenchPage.stdout.contains("Créez votre compte"), table)
      XCTAssertTrue(frenchPage.stdout.contains(#"placeholder="Mot de passe""#), table)
      let reasons = try CLI.run([
        "validate", "Specs/pureform-readme/login.json", "--input", "Specs/inputs/login-invalid.json", "--strings",
        table, "--locale",
        "fr", "--format", "json",
      ])
      XCTAssertEqual(reasons.status, 1)
      XCTAssertTrue(
        reasons.stdout.contains(
          #""validator":"min_length","argument":6,"reason":"Trop court : au moins 6 caractères""#),
        reasons.stdout)
      XCTAssertTrue(reasons.stdout.contains(#""reason":"Value doesn't match email format""#), reasons.stdout)
    }
  }

  func testUnknownLocalesNameTheLanguagesThereAre() throws {
    let catalog = try CLI.run([
      "check", "Specs/pureform-readme/login.json", "--strings", "Specs/strings/Localizable.xcstrings", "--locale", "de",
    ])
    XCTAssertEqual(catalog.status, 2)
    XCTAssertEqual(
      catalog.stderr,
      """
      Specs/strings/Localizable.xcstrings:1:1: error: --locale 'de': the catalog has texts for en, fr [PF604]
      {
      ^
      error: strings table Specs/strings/Localizable.xcstrings cannot be used

      """)
    let folder = try CLI.run([
      "check", "Specs/pureform-readme/login.json", "--strings", "Specs/strings/lproj", "--locale", "de",
    ])
    XCTAssertEqual(folder.status, 2)
    XCTAssertEqual(
      folder.stderr,
      "error: strings table Specs/strings/lproj: --locale 'de' has no de.lproj; the folder has en, fr\n")
  }

  func testAMalformedTableIsADiagnosticWithLineAndColumn() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "pureform-strings-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let table = directory.appendingPathComponent("bad.strings")
    try "/* texts */\n\"registration.title\" = \"Create\"\n\"registration.email\" = \"E-mail\";\n".write(
      to: table, atomically: true, encoding: .utf8)
    for command in [
      ["check", "Specs/registration.json"],
      ["validate", "Specs/pureform-readme/login.json", "--input", "Specs/inputs/login.json"],
    ] {
      let result = try CLI.run(command + ["--strings", table.path])
      XCTAssertEqual(result.status, 2)
      XCTAssertEqual(result.stdout, "")
      XCTAssertEqual(
        result.stderr,
        """
        \(table.path):3:1: error: expected ';' after the text of "registration.title" [PF601]
        "registration.email" = "E-mail";
        ^
        error: strings table \(table.path) cannot be used

        """)
    }
  }
}
