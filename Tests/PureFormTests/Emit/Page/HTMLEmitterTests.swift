import Foundation
import Testing

@testable import PureForm

/// `HTMLEmitter`, the page of `pureform render`: the form's markup and the script's table, exactly, for a
/// small spec with every kind of control; escaping; and the default action.
@Suite struct HTMLEmitterTests {
  static let spec = """
    [
      {"<TextCell + T>": {
        "titleLabel": {"text": "E-mail", "textColor": "#6F3F83"},
        "textField?": {"placeholder": "you@example.com", "keyboardType": "UIKeyboardTypeEmailAddress",
          "<key>": "account.email", "<validators>": {"type": "email", "max_length!": 40}}}},
      {"<= + =>": {"textField?": {"secureTextEntry": true, "<key>": "pin",
        "<validators>": {"equal_length": 4, "custom!": "[0-9]+"}}}},
      {"<section>": 1},
      {"<SwitchCell + S>": {"switchControl?": {"onTintColor": "#34C759", "<type>": "bool", "<key>": "terms",
        "<validators>": {"equal": true}}}},
      {"<SegmentedCell + G>": {"segmentedControl?": {"items": ["S", "M"], "<value>": 1, "<key>": "size"}}},
      {"<StepperCell + P>": {"stepper?": {"<type>": "number", "<key>": "qty",
        "<validators>": {"min_value!": 0.5, "max_value": 10}}}},
      {"<ButtonCell + B>": {"titleLabel": {"text": "Send"}}}
    ]
    """

  /// The part of the page between `<body>` and the script.
  private static func body(_ page: String) throws -> String {
    let start = try #require(page.range(of: "<body>\n"))
    let end = try #require(page.range(of: "<script>\n"))
    return String(page[start.upperBound..<end.lowerBound])
  }

  @Test func theFormOfASmallSpecIsExactlyThis() throws {
    let form = try #require(FormCompiler.compile(string: Self.spec).form)
    let page = form.html(action: "/post")
    let expected = #"""
      <form id="pf-form" action="/post" method="post" data-form="&lt;string&gt;">
      <fieldset class="pf-section" data-section="0">
      <div class="pf-cell">
      <label for="pf-f0" id="pf-v0">E-mail</label>
      <input id="pf-f0" name="account.email" data-field="0" aria-describedby="pf-e0" type="email" inputmode="email" placeholder="you@example.com" required maxlength="40">
      <output class="pf-error" id="pf-e0" for="pf-f0"></output>
      </div>
      <div class="pf-cell">
      <input id="pf-f1" name="pin" data-field="1" aria-describedby="pf-e1" type="password" required minlength="4" maxlength="4" pattern="[0-9]+" aria-label="pin">
      <output class="pf-error" id="pf-e1" for="pf-f1"></output>
      </div>
      </fieldset>
      <fieldset class="pf-section" data-section="1">
      <div class="pf-cell">
      <div class="pf-check"><input id="pf-f2" name="terms" data-field="2" aria-describedby="pf-e2" type="checkbox" value="true" required><label for="pf-f2">Terms</label></div>
      <output class="pf-error" id="pf-e2" for="pf-f2"></output>
      </div>
      <div class="pf-cell">
      <fieldset class="pf-radios" id="pf-f3">
      <legend>Size</legend>
      <label><input type="radio" id="pf-f3-0" name="size" data-field="3" aria-describedby="pf-e3" value="0"> S</label>
      <label><input type="radio" id="pf-f3-1" name="size" data-field="3" aria-describedby="pf-e3" value="1" checked> M</label>
      </fieldset>
      <output class="pf-error" id="pf-e3" for="pf-f3"></output>
      </div>
      <div class="pf-cell">
      <label for="pf-f4">Qty</label>
      <input id="pf-f4" name="qty" data-field="4" aria-describedby="pf-e4" type="number" step="any" min="0.5" max="10">
      <output class="pf-error" id="pf-e4" for="pf-f4"></output>
      </div>
      <div class="pf-cell">
      <button type="submit" id="pf-v1">Send</button>
      </div>
      </fieldset>
      <p id="pf-status" role="status"></p>
      </form>
      <script type="application/json" id="pf-data">{"fields":[{"name":"account.email","control":"text","live":[{"rule":"max_length","length":40,"reason":"String length is too long, than expected (40)"}]},{"name":"pin","control":"text","live":[{"rule":"pattern","pattern":"[0-9]+","reason":"Check value you entered"}]},{"name":"terms","control":"checkbox","type":"bool","mismatch":"Value is not a valid bool","live":[]},{"name":"size","control":"radio","live":[]},{"name":"qty","control":"number","type":"number","mismatch":"Value is not a valid number","live":[{"rule":"min_value","number":"0.5","reason":"Value is too small, than expected (0.5)"}]}]}</script>

      """#
    #expect(try Self.body(page) == expected)
    #expect(page.contains("#pf-v0 { color: #6F3F83 }\n#pf-f2 { accent-color: #34C759 }\n</style>"))
    #expect(page.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">\n"))
    #expect(page.hasSuffix("</script>\n</body>\n</html>\n"))
    #expect(!page.contains("src="), "no external assets")
  }

  /// A view with `<visible_if>` is wrapped so the script can hide it; the table carries each condition over
  /// field numbers and the order in which the server finds hidden views.
  @Test func conditionsReachTheScriptsTable() throws {
    let spec = ConditionTests.spec([
      ("kind", ""),
      ("company", #""<visible_if>": {"kind": ["business", null, 2, true]}, "<validators>": {"required": true}"#),
      ("vat", #""<required_if>": {"<all>": ["company", {"<not>": "!kind"}]}"#),
    ])
    let form = try #require(FormCompiler.compile(string: spec).form)
    let page = form.html(action: nil)
    #expect(page.contains("<div class=\"pf-field\" id=\"pf-w1\">\n<input id=\"pf-f1\" name=\"company\""))
    #expect(
      page.contains(
        #"{"name":"company","control":"text","visibleIf":{"equals":0,"values":[{"text":"business"},null,{"number":"2"},{"bool":true}]},"live":[]},{"name":"vat","control":"text","requiredIf":{"all":[{"truthy":1},{"not":{"not":{"truthy":0}}}]},"live":[]}],"visibility":[1]}"#
      ))
    #expect(!(try #require(FormCompiler.compile(string: Self.spec).form)).html(action: nil).contains(#""visibility":"#))
  }

  @Test func textsCannotOpenTagsOrCloseTheScript() throws {
    let evil = #"</script><b onclick=\"x\">&'"#
    let spec = """
      [{"<T + T>": {"label": {"text": "\(evil)"}, "field?": {"<key>": "k", "placeholder": "\(evil)",
        "<validators>": {"equal!": "\(evil)"}}}}]
      """
    let form = try #require(FormCompiler.compile(string: spec).form)
    let page = form.html()
    #expect(
      page.contains(#"<label for="pf-f0" id="pf-v0">&lt;/script&gt;&lt;b onclick=&quot;x&quot;&gt;&amp;&#39;</label>"#))
    #expect(page.contains(#"placeholder="&lt;/script&gt;&lt;b onclick=&quot;x&quot;&gt;&amp;&#39;""#))
    #expect(page.contains(#""text":"\u003C/script\u003E\u003Cb onclick=\"x\"\u003E\u0026'""#))
    #expect(page.components(separatedBy: "</script>").count == 3, "only the two script elements close")
  }

  @Test func theActionIsTheServeRouteOfTheSpecsName() throws {
    let compiled = FormCompiler.compile(
      SourceFile(name: "Specs/pureform-readme/login.json", bytes: Array(#"[{"<C + C>": {"f?": {"<key>": "a"}}}]"#.utf8))
    )
    let form = try #require(compiled.form)
    #expect(form.formName == "login")
    #expect(
      form.html().contains(#"<form id="pf-form" action="/forms/login/validate" method="post" data-form="login">"#))
  }

  /// Every spec of the examples and the fuzz corpus that compiles renders, with one control per field.
  @Test func everySpecThatCompilesRenders() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    var rendered = 0
    for folder in ["Specs", "Specs/invalid", "Fuzz/corpus/check"] {
      let directory = root.appendingPathComponent(folder)
      for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) where name.hasSuffix(".json") {
        let bytes = try Data(contentsOf: directory.appendingPathComponent(name))
        guard let form = FormCompiler.compile(SourceFile(name: name, bytes: Array(bytes))).form else { continue }
        let page = form.html()
        for index in form.fieldKeys.indices {
          #expect(page.contains(#"id="pf-e\#(index)""#), "\(folder)/\(name)")
        }
        rendered += 1
      }
    }
    #expect(rendered >= 5)
  }
}
