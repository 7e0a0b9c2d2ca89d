import Foundation
import Testing

@testable import PureForm

/// The page of a spec with every word of issue 31: the native inputs of `<format>` (url, a uuid pattern, date and
/// time with their literal bounds, datetime-local), `<in>` as a datalist beside a format and as a select without
/// one (offering no value `<not_in>` refuses: 2.5 is 2.50 to the server), and the script's table of value rules
/// in the server's order with the server's reasons, exactly.
@Suite struct HTMLValueRulesTests {
  static let spec = """
    [
      {"<TextCell + T>": {"titleLabel": {"text": "Site"}, "textField?": {"<key>": "site",
        "<format>": "url", "<schemes>": ["HTTPS", "mailto"], "<in>": ["https://a.example", "mailto:a@b.example"]}}},
      {"<= + =>": {"textField?": {"<key>": "id", "<format>": "uuid", "<validators>": {"max_length!": 36}}}},
      {"<= + =>": {"textField?": {"<key>": "day", "<format>": "date", "<min>": "2024-01-01", "<max>": "2024-12-31"}}},
      {"<= + =>": {"textField?": {"<key>": "until", "<format>": "date", "<min>": "day",
        "<messages>": {"min": "Not before %@"}}}},
      {"<= + =>": {"textField?": {"<key>": "slot", "<format>": "time", "<min>": "08:00:00.5", "<max>": "18:00"}}},
      {"<= + =>": {"textField?": {"<key>": "at", "<format>": "date_time", "<validators>": {"required": true},
        "<max>": "2030-01-01T00:00:00Z"}}},
      {"<= + =>": {"textField?": {"<key>": "size", "<type>": "number", "<in>": [1, 2.5], "<not_in>": [2.50]}}},
      {"<= + =>": {"textField?": {"<key>": "nick", "<not_in>": ["admin", "<b>"]}}}
    ]
    """

  @Test func everyWordBecomesItsControlAndItsRulesExactly() throws {
    let form = try #require(FormCompiler.compile(string: Self.spec).form)
    let page = form.html(action: "/post")
    let start = try #require(page.range(of: "<body>\n"))
    let end = try #require(page.range(of: "<script>\n"))
    let expected = #"""
      <form id="pf-form" action="/post" method="post" data-form="&lt;string&gt;">
      <fieldset class="pf-section" data-section="0">
      <div class="pf-cell">
      <label for="pf-f0" id="pf-v0">Site</label>
      <input id="pf-f0" name="site" data-field="0" aria-describedby="pf-e0" list="pf-l0" type="url">
      <datalist id="pf-l0"><option value="https://a.example"><option value="mailto:a@b.example"></datalist>
      <output class="pf-error" id="pf-e0" for="pf-f0"></output>
      </div>
      <div class="pf-cell">
      <input id="pf-f1" name="id" data-field="1" aria-describedby="pf-e1" type="text" maxlength="36" pattern="[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}" aria-label="id">
      <output class="pf-error" id="pf-e1" for="pf-f1"></output>
      </div>
      <div class="pf-cell">
      <input id="pf-f2" name="day" data-field="2" aria-describedby="pf-e2" type="date" min="2024-01-01" max="2024-12-31" aria-label="day">
      <output class="pf-error" id="pf-e2" for="pf-f2"></output>
      </div>
      <div class="pf-cell">
      <input id="pf-f3" name="until" data-field="3" aria-describedby="pf-e3" type="date" aria-label="until">
      <output class="pf-error" id="pf-e3" for="pf-f3"></output>
      </div>
      <div class="pf-cell">
      <input id="pf-f4" name="slot" data-field="4" aria-describedby="pf-e4" type="time" min="08:00:00.5" max="18:00" step="0.001" aria-label="slot">
      <output class="pf-error" id="pf-e4" for="pf-f4"></output>
      </div>
      <div class="pf-cell">
      <label for="pf-f5">At</label>
      <input id="pf-f5" name="at" data-field="5" aria-describedby="pf-e5" type="datetime-local" step="0.001" required>
      <output class="pf-error" id="pf-e5" for="pf-f5"></output>
      </div>
      <div class="pf-cell">
      <label for="pf-f6">Size</label>
      <select id="pf-f6" name="size" data-field="6" aria-describedby="pf-e6">
      <option value=""></option>
      <option value="1">1</option>
      </select>
      <output class="pf-error" id="pf-e6" for="pf-f6"></output>
      </div>
      <div class="pf-cell">
      <input id="pf-f7" name="nick" data-field="7" aria-describedby="pf-e7" type="text" aria-label="nick">
      <output class="pf-error" id="pf-e7" for="pf-f7"></output>
      </div>
      </fieldset>
      <div class="pf-cell"><button type="submit">Submit</button></div>
      <p id="pf-status" role="status"></p>
      </form>
      <script type="application/json" id="pf-data">{"fields":[{"name":"site","control":"text","live":[],"valueRules":[{"rule":"format","format":"url","schemes":["https","mailto"],"reason":"Value doesn't match url format"},{"rule":"in","values":[{"text":"https://a.example"},{"text":"mailto:a@b.example"}],"reason":"Value is not one of the allowed values"}]},{"name":"id","control":"text","live":[{"rule":"max_length","length":36,"reason":"String length is too long, than expected (36)"}],"valueRules":[{"rule":"format","format":"uuid","reason":"Value doesn't match uuid format"}]},{"name":"day","control":"text","live":[],"valueRules":[{"rule":"format","format":"date","reason":"Value doesn't match date format"},{"rule":"min","literal":"2024-01-01","format":"date","reason":"Value is too early, than expected (2024-01-01)"},{"rule":"max","literal":"2024-12-31","format":"date","reason":"Value is too late, than expected (2024-12-31)"}]},{"name":"until","control":"text","live":[],"valueRules":[{"rule":"format","format":"date","reason":"Value doesn't match date format"},{"rule":"min","field":2,"format":"date","reason":"Not before day"}]},{"name":"slot","control":"text","live":[],"valueRules":[{"rule":"format","format":"time","reason":"Value doesn't match time format"},{"rule":"min","literal":"08:00:00.5","format":"time","reason":"Value is too early, than expected (08:00:00.5)"},{"rule":"max","literal":"18:00","format":"time","reason":"Value is too late, than expected (18:00)"}]},{"name":"at","control":"datetime","live":[],"valueRules":[{"rule":"format","format":"date_time","reason":"Value doesn't match date_time format"},{"rule":"max","literal":"2030-01-01T00:00:00Z","format":"date_time","reason":"Value is too late, than expected (2030-01-01T00:00:00Z)"}]},{"name":"size","control":"select","type":"number","mismatch":"Value is not a valid number","live":[],"valueRules":[{"rule":"in","values":[{"number":"1"},{"number":"2.5"}],"reason":"Value is not one of the allowed values"},{"rule":"not_in","values":[{"number":"2.50"}],"reason":"Value is not allowed"}]},{"name":"nick","control":"text","live":[],"valueRules":[{"rule":"not_in","values":[{"text":"admin"},{"text":"\u003Cb\u003E"}],"reason":"Value is not allowed"}]}]}</script>

      """#
    #expect(String(page[start.upperBound..<end.lowerBound]) == expected)
  }

  /// The page's one script carries the format rules whether or not a field uses them, and gives them to tests.
  @Test func theScriptIncludesTheFormatRulesOnce() throws {
    let page = try #require(FormCompiler.compile(string: HTMLEmitterTests.spec).form).html(action: nil)
    #expect(page.components(separatedBy: "window.PureFormFormats = formats;").count == 2)
    #expect(page.components(separatedBy: "function punycode(input)").count == 2)
  }
}
