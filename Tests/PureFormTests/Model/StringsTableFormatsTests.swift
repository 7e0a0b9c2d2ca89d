import XCTest

@testable import PureForm

/// The strings-table formats: Apple's `.strings` (UTF-8 and UTF-16), String Catalogs and JSON; every
/// malformed table gets a diagnostic with its code, line and column.
final class StringsTableFormatsTests: XCTestCase {
  private func strings(_ text: String) throws -> [String: String] {
    try StringsTable(strings: SourceFile(name: "t.strings", text: text)).entries
  }

  /// The one-line description of the error reading `bytes` as `.strings`.
  private func stringsError(_ bytes: [UInt8]) -> String {
    do {
      _ = try StringsTable(strings: SourceFile(name: "t.strings", bytes: bytes))
      return "no error"
    } catch {
      return error.description
    }
  }

  func testEntriesCommentsBareWordsAndEscapes() throws {
    let text = #"""
      /* A comment, "quoted" = "not an entry"; */
      "title" = "Create your account"; // a line comment
      greeting = "Line\nTab\tQuote\"Back\\Apos\'";
      "accent" = "\U00e9t\u00E9";
      "emoji" = "\UD83D\UDE00";
      "octal" = "\101\102";
      "same";
      "twice" = "first";
      "twice" = "second";
      "multi" = "two
      lines";
      """#
    XCTAssertEqual(
      try strings(text),
      [
        "title": "Create your account", "greeting": "Line\nTab\tQuote\"Back\\Apos'", "accent": "été",
        "emoji": "😀", "octal": "AB", "same": "same", "twice": "second", "multi": "two\nlines",
      ])
    XCTAssertEqual(try strings(""), [:])
    XCTAssertEqual(try strings("/* only a comment */\n"), [:])
  }

  func testUTF16WithEitherByteOrderAndUTF8WithABOM() throws {
    let text = "\"é\" = \"日本\";\n\"k\" = \"\\U2019\";"
    let little: [UInt8] = [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    let big: [UInt8] = [0xFE, 0xFF] + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
    let utf8: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(text.utf8)
    for bytes in [little, big, utf8] {
      XCTAssertEqual(
        try StringsTable(strings: SourceFile(name: "t.strings", bytes: bytes)).entries, ["é": "日本", "k": "’"])
    }
  }

  func testMalformedStringsFilesGetACodeLineAndColumn() {
    XCTAssertEqual(
      stringsError(Array("\"a\" = \"b\"\n\"c\" = \"d\";".utf8)),
      #"t.strings:2:1: expected ';' after the text of "a" [PF601]"#)
    XCTAssertEqual(stringsError(Array("\"a\" \"b\";".utf8)), #"t.strings:1:5: expected '=' after the key "a" [PF601]"#)
    XCTAssertEqual(stringsError(Array("\"a\" = \"b;\n".utf8)), "t.strings:1:7: a string with no closing quote [PF601]")
    XCTAssertEqual(
      stringsError(Array("\"a\" = \"b\";\n/* open".utf8)), "t.strings:2:1: a '/*' comment with no closing '*/' [PF601]")
    XCTAssertEqual(
      stringsError(Array("\"a\" = ;".utf8)), "t.strings:1:7: expected a quoted text after '=', found ';' [PF601]")
    XCTAssertEqual(
      stringsError(Array("\"a\" =".utf8)),
      "t.strings:1:6: unexpected end of file: expected a quoted text after '=' [PF601]")
    XCTAssertEqual(
      stringsError(Array(#""a" = "\UD800x";"#.utf8)),
      #"t.strings:1:8: a '\U' escape of a UTF-16 surrogate without its pair [PF601]"#)
    XCTAssertEqual(
      stringsError(Array(#""a" = "\U12";"#.utf8)),
      #"t.strings:1:8: a '\U' escape needs four hexadecimal digits [PF601]"#)
    XCTAssertEqual(
      stringsError(Array("\"a\" = \"".utf8) + [0xC3, 0x28] + Array("\";".utf8)),
      "t.strings:1:8: bytes that are not UTF-8 (nor UTF-16: no byte order mark) [PF602]")
    XCTAssertEqual(
      stringsError([0x22, 0x00, 0x61, 0x00]),
      "t.strings:1:1: UTF-16 text without a byte order mark; save it as UTF-8 or with a BOM [PF602]")
    XCTAssertEqual(stringsError([0xFF, 0xFE, 0x22]), "t.strings:1:3: UTF-16 text with an odd number of bytes [PF602]")
  }

  /// A catalog with English (the source), French (one text with plural variations) and a key with no text.
  private let catalog = SourceFile(
    name: "Localizable.xcstrings",
    text: #"""
      {
        "sourceLanguage" : "en",
        "strings" : {
          "title" : { "localizations" : {
            "en" : { "stringUnit" : { "state" : "translated", "value" : "Sign up" } },
            "fr" : { "stringUnit" : { "state" : "translated", "value" : "S’inscrire" } } } },
          "items" : { "localizations" : {
            "fr" : { "variations" : { "plural" : {
              "one" : { "stringUnit" : { "state" : "translated", "value" : "%@ article" } },
              "other" : { "stringUnit" : { "state" : "translated", "value" : "%@ articles" } } } } } } },
          "Only the key" : { },
          "PFValidationRequiredFailure" : { "localizations" : {
            "fr" : { "stringUnit" : { "state" : "translated", "value" : "Obligatoire" } } } }
        },
        "version" : "1.0"
      }
      """#)

  func testCatalogsTakeTheLocaleThenTheSourceLanguageThenTheKey() throws {
    XCTAssertEqual(
      try StringsTable(catalog: catalog).entries,
      ["title": "Sign up", "items": "items", "Only the key": "Only the key"])
    let french = [
      "title": "S’inscrire", "items": "%@ articles", "Only the key": "Only the key",
      "PFValidationRequiredFailure": "Obligatoire",
    ]
    XCTAssertEqual(try StringsTable(catalog: catalog, locale: "fr").entries, french)
    XCTAssertEqual(try StringsTable(catalog: catalog, locale: "fr_CA").entries, french)
    XCTAssertEqual(try StringsTable(catalog: catalog, locale: "FR").entries, french)
  }

  func testLocalesMatchExactlyThenByDroppingSubtags() {
    let languages = ["en", "fr", "pt-BR", "zh-Hant", "zh"]
    XCTAssertEqual(LocaleMatch.best("pt_br", among: languages), "pt-BR")
    XCTAssertEqual(LocaleMatch.best("zh-Hant-TW", among: languages), "zh-Hant")
    XCTAssertEqual(LocaleMatch.best("zh-Hans-CN", among: languages), "zh")
    XCTAssertEqual(LocaleMatch.best("fr-CA", among: languages), "fr")
    XCTAssertNil(LocaleMatch.best("de-CH", among: languages))
    XCTAssertNil(LocaleMatch.best("", among: languages))
  }

  func testCatalogErrors() {
    func error(_ text: String, locale: String? = nil) -> String {
      do {
        _ = try StringsTable(catalog: SourceFile(name: "c.xcstrings", text: text), locale: locale)
        return "no error"
      } catch {
        return error.description
      }
    }
    XCTAssertEqual(error("", locale: nil).hasPrefix("c.xcstrings:1:1: "), true)
    XCTAssertEqual(error("[]"), #"c.xcstrings:1:1: a String Catalog must be a JSON object [PF603]"#)
    XCTAssertEqual(
      error(#"{"strings": {}}"#), #"c.xcstrings:1:1: a String Catalog needs "sourceLanguage": a language code [PF603]"#)
    XCTAssertEqual(
      error(#"{"sourceLanguage": "en", "strings": {"a": {"localizations": {"en": {"stringUnit": {"value": 3}}}}}}"#),
      "c.xcstrings:1:93: the text of 'a' must be a string [PF603]")
    XCTAssertEqual(
      error(#"{"sourceLanguage": "en", "strings": {}}"#, locale: "de"),
      "c.xcstrings:1:1: --locale 'de': the catalog has texts for en [PF604]")
    XCTAssertEqual(
      error(#"{"sourceLanguage": "en", "strings": {},}"#), "c.xcstrings:1:39: trailing ',' before '}' [PF601]")
  }

  func testJSONTableErrorsKeepTheirPlace() {
    do {
      _ = try StringsTable(json: SourceFile(name: "t.json", text: "{\n  \"a\": \"b\",\n  \"c\": [1]\n}"))
      XCTFail("no error")
    } catch {
      XCTAssertEqual(error.description, "t.json:3:8: the text of 'c' must be a string [PF603]")
      XCTAssertEqual(error.finding?.diagnostic.code, .stringsTableShape)
      XCTAssertEqual(error.finding?.file.name, "t.json")
    }
  }

  func testFailureReasonKeysOfTheTableComeBeforeTheSettings() throws {
    let table = StringsTable(name: "fr", entries: ["PFValidationMinLengthFailure": "Trop court (%@)"])
    var options = CompileOptions(
      strings: table,
      settings: ValidationSettings(failureReasons: [.minLength: "Too short", .required: "Needed"]))
    XCTAssertEqual(options.validationSettings.failureReasons, [.minLength: "Trop court (%@)", .required: "Needed"])
    options.strings = nil
    XCTAssertEqual(options.validationSettings.failureReasons, [.minLength: "Too short", .required: "Needed"])
  }
}
